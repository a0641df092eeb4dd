//! The change bus on Redis: a change published on one replica reaches the listeners of
//! every replica once, none lost, in order.

use std::sync::{Arc, Mutex};
use std::time::Duration;

use mcp_content::changes::{Change, ChangeBus, ListKind};
use mcp_content::redis::RedisChangeBus;

use crate::support::{connect, eventually, prefix, redis_url};

/// A listener on `bus` that keeps what it hears.
fn listen(
    bus: &RedisChangeBus,
) -> (
    Arc<Mutex<Vec<Change>>>,
    mcp_content::changes::FeedSubscription,
) {
    let heard = Arc::new(Mutex::new(Vec::new()));
    let keep = Arc::clone(&heard);
    let subscription = bus.subscribe(Box::new(move |change| {
        keep.lock().unwrap().push(change.clone());
    }));
    (heard, subscription)
}

fn count(heard: &Mutex<Vec<Change>>) -> usize {
    heard.lock().unwrap().len()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_change_published_on_one_replica_reaches_every_listener_once() {
    let Some(url) = redis_url() else { return };
    let prefix = prefix("bus");
    let a = RedisChangeBus::new(&connect(&url, &prefix).await)
        .await
        .unwrap();
    let b = RedisChangeBus::new(&connect(&url, &prefix).await)
        .await
        .unwrap();
    let (on_a, _sa) = listen(&a);
    let (on_b, _sb) = listen(&b);
    let (also_on_b, _sb2) = listen(&b);
    assert_eq!((a.listeners(), b.listeners()), (1, 2));

    let change = Change::ResourceUpdated("weather://paris".into());
    a.publish(change.clone()).await.unwrap();
    // This replica's listeners heard it before `publish` resolved.
    assert_eq!(*on_a.lock().unwrap(), vec![change.clone()]);
    assert!(eventually(5, || count(&on_b) == 1 && count(&also_on_b) == 1).await);
    // And nobody hears it twice (A's own message comes back from Redis and is dropped).
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(*on_a.lock().unwrap(), vec![change.clone()]);
    assert_eq!(*on_b.lock().unwrap(), vec![change.clone()]);
    assert_eq!(*also_on_b.lock().unwrap(), vec![change]);

    b.publish(Change::ListChanged(ListKind::Tools))
        .await
        .unwrap();
    assert!(eventually(5, || count(&on_a) == 2).await);
    assert_eq!(
        on_a.lock().unwrap()[1],
        Change::ListChanged(ListKind::Tools)
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_burst_of_changes_arrives_whole_and_in_order() {
    let Some(url) = redis_url() else { return };
    let prefix = prefix("burst");
    let a = RedisChangeBus::new(&connect(&url, &prefix).await)
        .await
        .unwrap();
    let b = RedisChangeBus::new(&connect(&url, &prefix).await)
        .await
        .unwrap();
    let (on_b, _sb) = listen(&b);
    let sent: Vec<Change> = (0..300)
        .map(|i| Change::ResourceUpdated(format!("counter://{i}")))
        .collect();
    for change in &sent {
        a.publish(change.clone()).await.unwrap();
    }
    assert!(
        eventually(10, || count(&on_b) >= sent.len()).await,
        "{} of {}",
        count(&on_b),
        sent.len()
    );
    tokio::time::sleep(Duration::from_millis(200)).await;
    assert_eq!(*on_b.lock().unwrap(), sent);
}

#[tokio::test]
async fn buses_under_different_prefixes_do_not_hear_each_other() {
    let Some(url) = redis_url() else { return };
    let a = RedisChangeBus::new(&connect(&url, &prefix("one")).await)
        .await
        .unwrap();
    let b = RedisChangeBus::new(&connect(&url, &prefix("two")).await)
        .await
        .unwrap();
    let (on_b, _sb) = listen(&b);
    a.publish(Change::ListChanged(ListKind::Prompts))
        .await
        .unwrap();
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(count(&on_b), 0);
}
