//! Examples are tests: runs `forecast` and checks what it prints for each protocol version.

use std::process::Command;

#[test]
fn forecast_prints_a_result_per_version_and_reads_it_back() {
    let output = Command::new(env!("CARGO_BIN_EXE_forecast"))
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let stdout = String::from_utf8(output.stdout).unwrap();

    let versions = ["2025-06-18", "2025-11-25", "2026-07-28"];
    let mut rest = stdout.as_str();
    for (i, version) in versions.iter().enumerate() {
        rest = rest
            .strip_prefix(&format!("{version}:\n"))
            .unwrap_or_else(|| panic!("no {version} header in {stdout}"));
        let end = match versions.get(i + 1) {
            Some(next) => rest.find(&format!("\n{next}:\n")).unwrap(),
            None => rest.find("\nread back").unwrap(),
        };
        let json: serde_json::Value = serde_json::from_str(&rest[..end]).unwrap();
        rest = &rest[end + 1..];
        assert_eq!(json["content"][0]["text"], "Sunny, 24 °C");
        assert_eq!(json["content"][0]["annotations"]["audience"][0], "user");
        assert_eq!(json["content"][1]["data"], "iVBORw0KGgo=");
        assert_eq!(
            json["content"][1]["_meta"]["com.example/alt"],
            "Temperature chart"
        );
        assert_eq!(
            json["content"][2]["resource"]["uri"],
            "weather://S%C3%A3o%20Paulo/raw.json"
        );
        assert_eq!(
            json["content"][2]["resource"]["_meta"]["com.example/schema"],
            "v2"
        );
        assert_eq!(json["_meta"]["com.example/city"], "São Paulo");
        assert_eq!(json["_meta"]["com.example/source"], "weather-api");
        let expected_type = (*version == "2026-07-28").then_some("complete");
        assert_eq!(json["resultType"].as_str(), expected_type);
    }
    assert_eq!(rest, "read back: city = São Paulo\n");
}
