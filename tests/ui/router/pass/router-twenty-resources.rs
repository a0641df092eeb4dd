#![deny(warnings)] // the macros give the user no warning
// Twenty resources (190 pairs, several with many query variables), all disjoint: the
// compile-time overlap check of `router!` takes them quickly, and `build()` agrees.

use mcp_content::{resource, router};

/// Resource 0.
#[resource(uri = "api://v1/users{?q,limit,offset,sort,order}")]
fn r00(
    q: Option<String>,
    limit: Option<String>,
    offset: Option<String>,
    sort: Option<String>,
    order: Option<String>,
) -> String {
    String::new()
        + &q.unwrap_or_default()
        + &limit.unwrap_or_default()
        + &offset.unwrap_or_default()
        + &sort.unwrap_or_default()
        + &order.unwrap_or_default()
}

/// Resource 1.
#[resource(uri = "api://v1/users?preset=active")]
fn r01() -> String {
    String::new()
}

/// Resource 2.
#[resource(uri = "api://v1/users/{id}{?fields,expand}")]
fn r02(id: Option<String>, fields: Option<String>, expand: Option<String>) -> String {
    String::new()
        + &id.unwrap_or_default()
        + &fields.unwrap_or_default()
        + &expand.unwrap_or_default()
}

/// Resource 3.
#[resource(uri = "api://v1/users/{id}/posts{?limit,after,before}")]
fn r03(
    id: Option<String>,
    limit: Option<String>,
    after: Option<String>,
    before: Option<String>,
) -> String {
    String::new()
        + &id.unwrap_or_default()
        + &limit.unwrap_or_default()
        + &after.unwrap_or_default()
        + &before.unwrap_or_default()
}

/// Resource 4.
#[resource(uri = "api://v1/users/{id}/posts/{post}")]
fn r04(id: Option<String>, post: Option<String>) -> String {
    String::new() + &id.unwrap_or_default() + &post.unwrap_or_default()
}

/// Resource 5.
#[resource(uri = "api://v1/users/{id}/avatar{.format}")]
fn r05(id: Option<String>, format: Option<String>) -> String {
    String::new() + &id.unwrap_or_default() + &format.unwrap_or_default()
}

/// Resource 6.
#[resource(uri = "api://v1/orgs{?q,limit,offset}")]
fn r06(q: Option<String>, limit: Option<String>, offset: Option<String>) -> String {
    String::new()
        + &q.unwrap_or_default()
        + &limit.unwrap_or_default()
        + &offset.unwrap_or_default()
}

/// Resource 7.
#[resource(uri = "api://v1/orgs/{org}{?fields}")]
fn r07(org: Option<String>, fields: Option<String>) -> String {
    String::new() + &org.unwrap_or_default() + &fields.unwrap_or_default()
}

/// Resource 8.
#[resource(uri = "api://v1/orgs/{org}/members{/role,team}")]
fn r08(org: Option<String>, role: Option<String>, team: Option<String>) -> String {
    String::new() + &org.unwrap_or_default() + &role.unwrap_or_default() + &team.unwrap_or_default()
}

/// Resource 9.
#[resource(uri = "api://v1/orgs/{org}/members/all/of/them")]
fn r09(org: Option<String>) -> String {
    String::new() + &org.unwrap_or_default()
}

/// Resource 10.
#[resource(uri = "api://v1/search{?q,scope,limit,offset,sort,order,since,until}")]
fn r10(
    q: Option<String>,
    scope: Option<String>,
    limit: Option<String>,
    offset: Option<String>,
    sort: Option<String>,
    order: Option<String>,
    since: Option<String>,
    until: Option<String>,
) -> String {
    String::new()
        + &q.unwrap_or_default()
        + &scope.unwrap_or_default()
        + &limit.unwrap_or_default()
        + &offset.unwrap_or_default()
        + &sort.unwrap_or_default()
        + &order.unwrap_or_default()
        + &since.unwrap_or_default()
        + &until.unwrap_or_default()
}

/// Resource 11.
#[resource(uri = "api://v1/search?scope=saved&name=default")]
fn r11() -> String {
    String::new()
}

/// Resource 12.
#[resource(uri = "api://v1/files/{+path}")]
fn r12(path: Option<String>) -> String {
    String::new() + &path.unwrap_or_default()
}

/// Resource 13.
#[resource(uri = "api://v1/blobs/{hash}")]
fn r13(hash: Option<String>) -> String {
    String::new() + &hash.unwrap_or_default()
}

/// Resource 14.
#[resource(uri = "api://v1/pairs/{x,y}")]
fn r14(x: Option<String>, y: Option<String>) -> String {
    String::new() + &x.unwrap_or_default() + &y.unwrap_or_default()
}

/// Resource 15.
#[resource(uri = "api://v1/pairs/1,2,3")]
fn r15() -> String {
    String::new()
}

/// Resource 16.
#[resource(uri = "api://v1/events{?since,until}{&kind}")]
fn r16(since: Option<String>, until: Option<String>, kind: Option<String>) -> String {
    String::new()
        + &since.unwrap_or_default()
        + &until.unwrap_or_default()
        + &kind.unwrap_or_default()
}

/// Resource 17.
#[resource(uri = "api://v1/events/latest")]
fn r17() -> String {
    String::new()
}

/// Resource 18.
#[resource(uri = "api://v1/metrics/{name}/unit/{unit}")]
fn r18(name: Option<String>, unit: Option<String>) -> String {
    String::new() + &name.unwrap_or_default() + &unit.unwrap_or_default()
}

/// Resource 19.
#[resource(uri = "api://v1/metrics/{name}{;window,step}")]
fn r19(name: Option<String>, window: Option<String>, step: Option<String>) -> String {
    String::new()
        + &name.unwrap_or_default()
        + &window.unwrap_or_default()
        + &step.unwrap_or_default()
}

fn main() {
    let router = router! {
        resources: [
            r00, r01, r02, r03, r04, r05, r06, r07, r08, r09,
            r10, r11, r12, r13, r14, r15, r16, r17, r18, r19,
        ]
    };
    assert!(router.build().is_ok());
}
