//! The page in a real browser: each test starts `sandtable play GAME --web`, drives headless
//! Chromium through chromedriver (Debian's `chromium` and `chromium-driver`, which `.ci/run`
//! installs) for a few moves, checks what the page shows, and loads a save made in the
//! browser back in the terminal.

mod common;

use fantoccini::{Client, ClientBuilder, Locator};
use std::io::{BufRead, BufReader};
use std::net::TcpListener;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// A child process, killed when the test ends however it ends; then its scratch directory (Chromium's profile), if
/// any, is removed.
struct Running(Child, Option<common::TempDir>);

impl Drop for Running {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
        // A test that fails never closes its session, and Chromium outlives chromedriver:
        // every process started with this profile is stopped too.
        if let Some(profile) = &self.1 {
            kill_started_with(&format!("--user-data-dir={}", profile.display()));
        }
    }
}

/// Kills every process whose command line holds `arg` (Linux's /proc, Debian's `kill`).
fn kill_started_with(arg: &str) {
    let Ok(procs) = std::fs::read_dir("/proc") else {
        return;
    };
    for pid in procs.flatten().map(|e| e.file_name()) {
        let Some(pid) = pid
            .to_str()
            .filter(|p| p.bytes().all(|b| b.is_ascii_digit()))
        else {
            continue;
        };
        let cmdline = std::fs::read(format!("/proc/{pid}/cmdline")).unwrap_or_default();
        if cmdline.split(|&b| b == 0).any(|a| a == arg.as_bytes()) {
            let _ = Command::new("kill").args(["-9", pid]).status();
        }
    }
}

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("a free port")
        .port()
}

/// `sandtable play GAME ARGS… --web --port 0` and the address it prints.
fn serve(game: &str, args: &[&str]) -> (Running, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_sandtable"))
        .args(["play", game])
        .args(args)
        .args(["--web", "--port", "0"])
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("the binary runs");
    let stdout = child.stdout.take().expect("stdout");
    let running = Running(child, None);
    let mut lines = BufReader::new(stdout).lines();
    let line = lines
        .next()
        .and_then(Result::ok)
        .expect("the server prints its address");
    // Keep reading, so the server's stdout stays open.
    std::thread::spawn(move || lines.for_each(drop));
    let url = line
        .split_whitespace()
        .find(|w| w.starts_with("http://127.0.0.1:"))
        .unwrap_or_else(|| panic!("no address in {line:?}"))
        .to_string();
    (running, url)
}

/// chromedriver on a free port, and a headless Chromium session through it. On a loaded
/// two-core machine chromedriver now and then resets the first session request while
/// Chromium starts; a failed start is retried with a fresh chromedriver, and only the last
/// failure fails the test.
async fn browser() -> (Running, Client) {
    let mut last = String::new();
    for _ in 0..3 {
        match try_browser().await {
            Ok(started) => return started,
            Err(e) => last = e,
        }
    }
    panic!("a Chromium session: {last}");
}

async fn try_browser() -> Result<(Running, Client), String> {
    let port = free_port();
    let driver = Command::new("chromedriver")
        .arg(format!("--port={port}"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect(
            "chromedriver runs: install Debian's chromium and chromium-driver \
             (`.ci/run` does)",
        );
    let mut driver = Running(driver, None);
    wait_until_ready(port)?;
    let profile = common::temp_dir(&format!("chromium-{port}"));
    let mut caps = serde_json::Map::new();
    caps.insert(
        "goog:chromeOptions".into(),
        serde_json::json!({
            "binary": "/usr/bin/chromium",
            "args": ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                     "--no-first-run", "--disable-background-networking",
                     "--disable-component-update", "--disable-sync",
                     "--window-size=1366,768",
                     format!("--user-data-dir={}", profile.display())],
        }),
    );
    let connector = hyper_util::client::legacy::connect::HttpConnector::new();
    let client = ClientBuilder::new(connector)
        .capabilities(caps)
        .connect(&format!("http://127.0.0.1:{port}"))
        .await
        .map_err(|e| format!("{e:?}"))?;
    driver.1 = Some(profile);
    Ok((driver, client))
}

/// Waits until chromedriver's `/status` says it is ready for a session (an open port alone
/// is not enough).
fn wait_until_ready(port: u16) -> Result<(), String> {
    use std::io::{Read, Write};
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        let ready = std::net::TcpStream::connect(("127.0.0.1", port))
            .and_then(|mut s| {
                s.set_read_timeout(Some(Duration::from_secs(5)))?;
                let request = format!(
                    "GET /status HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n\r\n"
                );
                s.write_all(request.as_bytes())?;
                // Read until the answer says ready or not; chromedriver may keep the
                // connection open after answering.
                let mut body = Vec::new();
                let mut chunk = [0u8; 1024];
                loop {
                    let n = s.read(&mut chunk)?;
                    body.extend_from_slice(&chunk[..n]);
                    let text = String::from_utf8_lossy(&body);
                    if n == 0 || text.contains("\"ready\":false") {
                        return Ok(false);
                    }
                    if text.contains("\"ready\":true") {
                        return Ok(true);
                    }
                }
            })
            .unwrap_or(false);
        if ready {
            return Ok(());
        }
        if Instant::now() >= deadline {
            return Err("chromedriver did not become ready in 20 s".into());
        }
        std::thread::sleep(Duration::from_millis(100));
    }
}

/// The page of `sandtable play GAME ARGS… --web` in headless Chromium, once it shows the
/// person's first decision (or the first view, in a game the bot opens).
async fn open_page(game: &str, args: &[&str]) -> (Running, Running, Client) {
    let (server, url) = serve(game, args);
    let (driver, c) = browser().await;
    c.goto(&url).await.expect("the page loads");
    until(&c, "return view !== null", "the first view").await;
    (server, driver, c)
}

/// Runs `script` in the page and returns its value as a string.
async fn eval(c: &Client, script: &str) -> String {
    let v = c.execute(script, vec![]).await.expect("the script runs");
    match v {
        serde_json::Value::String(s) => s,
        other => other.to_string(),
    }
}

/// Waits until `script` returns true in the page.
async fn until(c: &Client, script: &str, what: &str) {
    let deadline = Instant::now() + Duration::from_secs(60);
    while eval(c, script).await != "true" {
        assert!(Instant::now() < deadline, "timed out waiting for {what}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// The page's position counter, which every move advances.
async fn seq(c: &Client) -> String {
    eval(c, "return String(view.seq)").await
}

/// Clicks the first action in the list and waits for the next position.
async fn take_first_action(c: &Client) {
    let before = seq(c).await;
    c.find(Locator::Css("#actions li"))
        .await
        .expect("an action is listed")
        .click()
        .await
        .expect("click");
    until(
        c,
        &format!("return view !== null && String(view.seq) !== '{before}'"),
        "the next position",
    )
    .await;
}

/// The log's text.
async fn log(c: &Client) -> String {
    eval(c, "return document.getElementById('log').innerText").await
}

/// The save the page offers, fetched by the page itself.
async fn save_from_page(c: &Client) -> String {
    let v = c
        .execute_async(
            "const done = arguments[0]; \
             fetch(document.getElementById('save').href).then(r => r.text()).then(done);",
            vec![],
        )
        .await
        .expect("the save downloads");
    v.as_str().expect("text").to_string()
}

/// Loads `save` in the terminal and saves it again at once: the same game replays to the same
/// log, so the two saves are equal.
fn reload_in_terminal(game: &str, args: &[&str], save: &str, test: &str) {
    let dir = common::temp_dir(test);
    let (first, second) = (dir.join("page.toml"), dir.join("terminal.toml"));
    std::fs::write(&first, save).unwrap();
    let mut all = args.to_vec();
    all.extend(["--load", first.to_str().unwrap()]);
    let input = format!("save {}\nquit\n", second.display());
    let (text, stderr, code) = common::play(game, &all, &input);
    assert_eq!(code, Some(0), "{stderr}");
    assert!(text.contains("Saved to"), "{text}");
    let again = std::fs::read_to_string(&second).unwrap();
    assert_eq!(again, save, "the terminal holds the page's game");
}

#[tokio::test(flavor = "multi_thread")]
async fn rudders_line_is_played_on_the_page() {
    let args = ["--side", "rangers", "--bot", "random", "--seed", "3"];
    let (_server, _driver, c) = open_page("rudders-line", &args).await;
    // The map: 40 places, the Rangers' counters with their printed values.
    let places = eval(
        &c,
        "return String(document.querySelectorAll('#map g.place').length)",
    )
    .await;
    assert_eq!(places, "40");
    let face = eval(
        &c,
        "return document.querySelector('#map rect.counter + text').textContent",
    )
    .await;
    // Alike counters share a box: "4|6|5 ×2" is two Ranger squads.
    assert!(
        face == "4|6|5" || face.starts_with("4|6|5 ×"),
        "a Ranger squad's Attack|Defense|Movement: {face}"
    );
    // The areas the first actions are about are highlighted on the map.
    let lit = eval(&c, "return [...document.querySelectorAll('#map g.place.lit')].map(g => g.dataset.place).join(',')").await;
    assert_eq!(lit, "3,4,5", "the FO's artillery targets");
    // Clicking a highlighted area filters the list to it.
    c.find(Locator::Css("#map g.stack[data-place='4']"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    let listed = eval(&c, "return document.getElementById('actions').innerText").await;
    assert!(
        listed.contains("artillery on area 4") && !listed.contains("area 3"),
        "{listed}"
    );
    // Victory conditions and standing are in view.
    let standing = eval(&c, "return document.getElementById('standing').innerText").await;
    assert!(standing.contains("the Rangers hold none"), "{standing}");
    for _ in 0..3 {
        take_first_action(&c).await;
    }
    let text = log(&c).await;
    assert!(
        text.contains("Rangers roll "),
        "a die roll in the log: {text}"
    );
    reload_in_terminal("rudders-line", &args, &save_from_page(&c).await, "web-rl");
    // A stale action (an old position's number) is refused with a message.
    let reply = eval(
        &c,
        "return fetch('/api/act', {method: 'POST', headers: {'content-type': 'application/json'}, \
         body: JSON.stringify({seq: 1, n: 1})}).then(r => r.status + ' ' + r.statusText)",
    )
    .await;
    assert!(reply.starts_with("409"), "{reply}");
    c.close().await.unwrap();
}

#[tokio::test(flavor = "multi_thread")]
async fn aachen_is_played_on_the_page() {
    let args = ["--side", "us", "--bot", "random", "--seed", "3"];
    let (_server, _driver, c) = open_page("aachen", &args).await;
    let places = eval(
        &c,
        "return String(document.querySelectorAll('#map g.place').length)",
    )
    .await;
    assert_eq!(places, "27");
    let text = log(&c).await;
    assert!(
        text.contains("Random Event 3d6 ="),
        "the opening rolls: {text}"
    );
    for _ in 0..3 {
        take_first_action(&c).await;
    }
    let standing = eval(&c, "return document.getElementById('standing').innerText").await;
    assert!(standing.contains("German Morale"), "{standing}");
    reload_in_terminal("aachen", &args, &save_from_page(&c).await, "web-aachen");
    c.close().await.unwrap();
}

#[tokio::test(flavor = "multi_thread")]
async fn the_stolberg_corridor_is_played_on_the_page_under_the_fog_of_war() {
    let args = [
        "--scenario",
        "stolberg-corridor",
        "--side",
        "us",
        "--bot",
        "random",
        "--seed",
        "3",
    ];
    let (_server, _driver, c) = open_page("crossing-the-line", &args).await;
    // 5.3.4: no German strength marker is shown; the US's own are.
    let stacks = eval(&c, "return JSON.stringify(view.stacks)").await;
    assert!(
        stacks.contains("US: 1/16 infantry (infantry type): printed strength 4"),
        "{stacks}"
    );
    assert!(
        stacks.contains("4 SP left"),
        "the US's own strength: {stacks}"
    );
    let german_strength = eval(
        &c,
        "return String(Object.values(view.stacks).flat().some(l => l.startsWith('Germans') && l.includes('SP left')))",
    )
    .await;
    assert_eq!(german_strength, "false", "no German strength markers");
    // The key is drawn under the map at its own size, not enlarged with the map (trial 10b
    // F12i, where the map's 2.4× made its text 30 px high): it names the sides.
    let key = eval(
        &c,
        "return document.querySelector('#map-key svg').textContent",
    )
    .await;
    assert!(key.contains("US") && key.contains("Germans"), "{key}");
    let height = eval(
        &c,
        "return String(document.querySelector('#map-key svg text').getBoundingClientRect().height)",
    )
    .await;
    let height: f32 = height.parse().unwrap();
    assert!(
        (8.0..20.0).contains(&height),
        "the key's text is {height} px high"
    );
    take_first_action(&c).await; // activate the 1st Infantry Division: the AP die
    let text = log(&c).await;
    assert!(text.contains("AP die"), "the AP roll in the log: {text}");
    take_first_action(&c).await; // select a mover: its destinations light up
    let lit = eval(
        &c,
        "return String(document.querySelectorAll('#map g.place.lit').length)",
    )
    .await;
    assert!(
        lit.parse::<usize>().unwrap() > 1,
        "destinations highlighted: {lit}"
    );
    // 7.3: each destination's MP cost is written on the map.
    let costs = eval(
        &c,
        "return [...document.querySelectorAll('#map g.cost text')].map(t => t.textContent).join(',')",
    )
    .await;
    assert!(
        costs.split(',').filter(|c| c.ends_with(" MP")).count() > 1,
        "{costs}"
    );
    reload_in_terminal(
        "crossing-the-line",
        &args,
        &save_from_page(&c).await,
        "web-ctl",
    );
    c.close().await.unwrap();
}

/// A game saved in the terminal opens on the page where it was left (`--load`, its scenario
/// read from the save), and the log says it was loaded, not begun.
#[tokio::test(flavor = "multi_thread")]
async fn a_saved_game_opens_on_the_page_where_it_was_left() {
    let dir = common::temp_dir("web-load");
    let save = dir.join("game.toml");
    let save = save.to_str().unwrap();
    let args = ["--side", "us", "--bot", "random", "--seed", "3"];
    let mut first = vec!["--scenario", "stolberg-corridor"];
    first.extend(args);
    let (text, stderr, code) = common::play(
        "crossing-the-line",
        &first,
        &format!("1\nsave {save}\nquit\n"),
    );
    assert_eq!(code, Some(0), "{stderr}");
    assert!(text.contains("Saved to"), "{text}");
    let mut loaded = vec!["--load", save];
    loaded.extend(args);
    let (_server, _driver, c) = open_page("crossing-the-line", &loaded).await;
    let text = log(&c).await;
    assert!(
        text.contains(&format!("Loaded {save}: you play the US; its log so far:")),
        "{text}"
    );
    assert!(!text.contains("New game"), "{text}");
    // The loaded game's past is in the log, its rolls with it (trial 10b F13).
    assert!(text.contains("AP die"), "{text}");
    assert_eq!(
        save_from_page(&c).await,
        std::fs::read_to_string(save).unwrap(),
        "the page holds the saved game"
    );
    c.close().await.unwrap();
    let _ = std::fs::remove_dir_all(dir);
}

#[tokio::test(flavor = "multi_thread")]
async fn the_germans_see_only_the_top_unit_of_each_us_stack() {
    let args = [
        "--scenario",
        "stolberg-corridor",
        "--side",
        "germans",
        "--bot",
        "random",
    ];
    let (_server, _driver, c) = open_page("crossing-the-line", &args).await;
    // 5.3.4: the US stack in 1314 shows its top unit and one unit the Germans cannot see.
    let stack = eval(&c, "return view.stacks['1314'].join(' / ')").await;
    assert!(
        stack.starts_with("US: 2/33 tank (AFV type): printed strength 4"),
        "{stack}"
    );
    assert!(
        stack.contains("US: a unit you cannot see under the stack's top one (5.3.4)"),
        "{stack}"
    );
    assert!(!stack.contains("SP left"), "{stack}");
    let hidden = eval(
        &c,
        "return String(document.querySelectorAll('#map rect.counter[fill=\"#9a9a9a\"]').length)",
    )
    .await;
    assert!(
        hidden.parse::<usize>().unwrap() > 0,
        "hidden counters drawn as plain backs"
    );
    c.close().await.unwrap();
}

/// The whole-game check a player makes: against `mcts-fast`, every decision taken on the
/// page (the first option listed each time) until the game ends; the page then says who
/// won, on which turn, and why.
#[tokio::test(flavor = "multi_thread")]
async fn a_whole_game_of_rudders_line_is_played_on_the_page_against_mcts_fast() {
    let args = ["--side", "rangers", "--bot", "mcts-fast", "--seed", "5"];
    let (_server, _driver, c) = open_page("rudders-line", &args).await;
    for _ in 0..2000 {
        if eval(&c, "return String(view.result !== null)").await == "true" {
            break;
        }
        take_first_action(&c).await;
    }
    let result = eval(&c, "return document.getElementById('result').innerText").await;
    assert!(result.starts_with("Game over on turn "), "{result}");
    let standing = eval(&c, "return document.getElementById('standing').innerText").await;
    assert!(
        standing.contains("Why:"),
        "the reason for the result: {standing}"
    );
    assert!(
        eval(&c, "return String(view.actions.length)").await == "0",
        "nothing is offered after the end"
    );
    c.close().await.unwrap();
}

/// One raw HTTP request to the server at `url` (`http://127.0.0.1:PORT/`): the status line's
/// code and the body.
fn raw_request(
    url: &str,
    method: &str,
    path: &str,
    content_type: Option<&str>,
    body: &str,
) -> (u16, String) {
    use std::io::{Read, Write};
    let host = url.trim_start_matches("http://").trim_end_matches('/');
    let mut s = std::net::TcpStream::connect(host).expect("the server listens");
    s.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
    let kind = content_type.map_or(String::new(), |k| format!("Content-Type: {k}\r\n"));
    let request = format!(
        "{method} {path} HTTP/1.1\r\nHost: {host}\r\n{kind}Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    s.write_all(request.as_bytes()).unwrap();
    let mut answer = String::new();
    s.read_to_string(&mut answer).unwrap();
    let code = answer[9..12].parse().expect("a status code");
    let body = answer
        .split_once("\r\n\r\n")
        .map_or("", |(_, b)| b)
        .to_string();
    (code, body)
}

/// A request the page would never send — bad JSON, the wrong shape, no content type, an
/// unknown address, the wrong method — is answered with a JSON `{"error": …}` in words, as the
/// game's own refusals are (the page shows `error`), never a bare status or the server's
/// internals.
#[test]
fn malformed_requests_are_refused_in_json_words() {
    let (_server, url) = serve("rudders-line", &["--side", "rangers", "--bot", "random"]);
    let json = Some("application/json");
    for (method, path, kind, body, code) in [
        ("POST", "/api/act", json, "null", 422),
        ("POST", "/api/act", json, "{\"seq\": 1, \"n\": -1}", 422),
        ("POST", "/api/act", json, "{", 400),
        ("POST", "/api/act", None, "{}", 415),
        // Serde's sequence form of the request and unknown fields (trial 20a F3).
        ("POST", "/api/act", json, "[1, 1]", 422),
        (
            "POST",
            "/api/act",
            json,
            "{\"seq\": 1, \"n\": 1, \"x\": 2}",
            422,
        ),
        ("POST", "/api/undo", json, "[1]", 422),
        // A key given twice (trial 22b F3: the last one was taken).
        (
            "POST",
            "/api/act",
            json,
            "{\"seq\": 1, \"n\": 1, \"n\": 2}",
            422,
        ),
        ("GET", "/nowhere", None, "", 404),
        ("DELETE", "/api/act", None, "", 405),
    ] {
        let (got, text) = raw_request(&url, method, path, kind, body);
        assert_eq!(got, code, "{method} {path} {body}: {text}");
        let reply: serde_json::Value = serde_json::from_str(&text)
            .unwrap_or_else(|_| panic!("{method} {path} {body}: not JSON: {text}"));
        let error = reply["error"].as_str().expect("an error in words");
        assert!(
            !error.contains("expected") && !error.contains("usize"),
            "{method} {path} {body}: {error}"
        );
        // A missing content type is said to be what is wrong (trial 20a F4).
        if code == 415 {
            assert!(error.contains("Content-Type: application/json"), "{error}");
        }
    }
    // Nothing was played by the refused requests: the game is still at its first position.
    let (code, text) = raw_request(&url, "GET", "/api/view", None, "");
    assert_eq!(code, 200, "{text}");
    let view: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(view["seq"], 1, "the first position's number");
}
