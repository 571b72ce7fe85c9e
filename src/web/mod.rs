//! The page: `sandtable play <game> --web` (or `sandtable serve <game>`) serves, on loopback,
//! a page where a person plays against the bot on a map. The page is embedded in the binary
//! (no fonts or scripts fetched from anywhere) and drives the same [`Session`] as the
//! terminal, so it offers the same lists and tells the same story of every roll.
//!
//! The server keeps one game. It accepts only the person's own decisions, each naming the
//! position it was chosen in (`seq`), so a stale or illegal action gets a message, never a
//! move in another position.

mod view;

use crate::cli::CliError;
use crate::engine::Actor;
use crate::registry::Entry;
use crate::session::Session;
use axum::body::Bytes;
use axum::extract::rejection::{BytesRejection, StringRejection};
use axum::extract::State;
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Deserialize;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
pub use view::View;

const PAGE: &str = include_str!("page.html");
const SCRIPT: &str = include_str!("page.js");
const STYLE: &str = include_str!("page.css");

/// The one game the server keeps, and the story of it so far.
pub struct Live<G: Entry> {
    pub session: Session<'static, G>,
    /// Every line of narration since the game began.
    pub log: Vec<String>,
    /// Counts the positions the person has been shown; an action names the one it was
    /// chosen in.
    pub seq: u64,
    /// The bots' view: the person sees everything (`--open`) or only their side's (5.3.4).
    pub open: bool,
}

type Shared<G> = Arc<Mutex<Live<G>>>;

/// Serves the game on `addr` until Ctrl-C. Prints the page's address on stdout. `loaded`:
/// the save the session was loaded from, which the log's first line names.
pub fn serve<G: Entry>(
    mut session: Session<'static, G>,
    addr: SocketAddr,
    open: bool,
    loaded: Option<&std::path::Path>,
) -> Result<(), CliError> {
    let side = session.game().player_name(session.human());
    let mut log = match loaded {
        Some(path) => {
            let mut log = vec![format!(
                "Loaded {}: you play the {side}; its log so far:",
                path.display()
            )];
            log.extend(session.history());
            log
        }
        None => vec![format!("New game: you play the {side}.")],
    };
    session.advance(&mut log);
    let live = Arc::new(Mutex::new(Live {
        session,
        log,
        seq: 1,
        open,
    }));
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .map_err(|e| CliError::Usage(format!("cannot start the web server: {e}")))?;
    runtime.block_on(run(live, addr))
}

async fn run<G: Entry>(live: Shared<G>, addr: SocketAddr) -> Result<(), CliError> {
    let listener = tokio::net::TcpListener::bind(addr)
        .await
        .map_err(|e| CliError::Usage(format!("cannot listen on {addr}: {e}")))?;
    let bound = listener
        .local_addr()
        .map_err(|e| CliError::Usage(format!("cannot listen on {addr}: {e}")))?;
    // A closed stdout (the address already read) must not stop the server.
    use std::io::Write as _;
    let _ = writeln!(
        std::io::stdout(),
        "Sandtable is serving {} at http://{bound}/\nOpen that address in a browser; Ctrl-C \
         stops the server.",
        G::INFO.id
    );
    let _ = std::io::stdout().flush();
    let app = Router::new()
        .route("/", get(|| async { Html(PAGE) }))
        .route(
            "/page.js",
            get(|| async { asset("text/javascript", SCRIPT) }),
        )
        .route("/page.css", get(|| async { asset("text/css", STYLE) }))
        .route("/api/view", get(show::<G>))
        .route("/api/act", post(act::<G>))
        .route("/api/undo", post(undo::<G>))
        .route("/api/hint", post(hint::<G>))
        .route("/api/save", get(save::<G>))
        .route("/api/load", post(load::<G>))
        .fallback(|| async {
            refuse(
                StatusCode::NOT_FOUND,
                "there is no such page or request here",
            )
        })
        .method_not_allowed_fallback(|| async {
            refuse(
                StatusCode::METHOD_NOT_ALLOWED,
                "this address does not take that method (the page uses GET and POST)",
            )
        })
        .with_state(live);
    axum::serve(listener, app)
        .with_graceful_shutdown(async {
            let _ = tokio::signal::ctrl_c().await;
            crate::stderr_line!("stopped");
        })
        .await
        .map_err(|e| CliError::Usage(format!("the web server failed: {e}")))
}

fn asset(kind: &'static str, body: &'static str) -> Response {
    ([(header::CONTENT_TYPE, kind)], body).into_response()
}

/// A refusal the page shows as a message.
fn refuse(status: StatusCode, message: impl Into<String>) -> Response {
    let body = serde_json::json!({ "error": message.into() });
    (status, Json(body)).into_response()
}

/// A request body the page would not send (not JSON of the right shape, too large, not
/// text): a refusal in words, as every other.
fn malformed(status: StatusCode, expected: &str) -> Response {
    let message = match status {
        StatusCode::PAYLOAD_TOO_LARGE => {
            "the request is too large (the page's requests and saves are far smaller)".to_string()
        }
        // Trial 20a F4: the body may be right and only its type missing.
        StatusCode::UNSUPPORTED_MEDIA_TYPE => format!(
            "not a request the page sends: it sends {expected} with the header \
             Content-Type: application/json"
        ),
        _ => format!("not a request the page sends: it sends {expected}"),
    };
    refuse(status, message)
}

/// A request's JSON body as `T`, only in the object form the page sends: serde would also
/// take `[3, 1]` for `{"seq": 3, "n": 1}`, and unknown fields are refused by `T` (trial 20a
/// F3); read from the bytes, so that a key given twice is refused too (trial 22b F3: a parsed
/// object keeps the last). The error is the status to refuse it with (`malformed`).
fn request<T: serde::de::DeserializeOwned>(
    headers: &HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Result<T, StatusCode> {
    let bytes = body.map_err(|e| e.status())?;
    let kind = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok());
    let mime = kind.and_then(|k| k.split(';').next()).map(str::trim);
    let json = mime.is_some_and(|m| {
        m.eq_ignore_ascii_case("application/json") || m.to_ascii_lowercase().ends_with("+json")
    });
    if !json {
        return Err(StatusCode::UNSUPPORTED_MEDIA_TYPE);
    }
    let value: serde_json::Value =
        serde_json::from_slice(&bytes).map_err(|e| match e.classify() {
            serde_json::error::Category::Data => StatusCode::UNPROCESSABLE_ENTITY,
            _ => StatusCode::BAD_REQUEST,
        })?;
    if !value.is_object() {
        return Err(StatusCode::UNPROCESSABLE_ENTITY);
    }
    serde_json::from_slice(&bytes).map_err(|_| StatusCode::UNPROCESSABLE_ENTITY)
}

/// Runs `f` on the game on a blocking thread (a bot may think for a while).
async fn with_live<G: Entry, T: Send + 'static>(
    live: Shared<G>,
    f: impl FnOnce(&mut Live<G>) -> T + Send + 'static,
) -> T {
    tokio::task::spawn_blocking(move || {
        let mut guard = live.lock().unwrap_or_else(|e| e.into_inner());
        f(&mut guard)
    })
    .await
    .expect("the game thread does not panic")
}

async fn show<G: Entry>(State(live): State<Shared<G>>) -> Response {
    Json(with_live(live, |l| View::of(l, None)).await).into_response()
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Act {
    /// The position the action was chosen in.
    seq: u64,
    /// The action's number in the list, as shown.
    n: usize,
}

async fn act<G: Entry>(
    State(live): State<Shared<G>>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Response {
    let act: Act = match request(&headers, body) {
        Ok(act) => act,
        Err(status) => return malformed(status, r#"JSON like {"seq": 3, "n": 1}"#),
    };
    with_live(live, move |l| {
        if act.seq != l.seq {
            return refuse(
                StatusCode::CONFLICT,
                "that choice was made in an earlier position; the page now shows the current one",
            );
        }
        if l.session.actor() == Actor::Terminal {
            return refuse(
                StatusCode::CONFLICT,
                "the game is over: there is nothing to choose",
            );
        }
        let Some(a) = l.session.offer(act.n) else {
            return refuse(
                StatusCode::BAD_REQUEST,
                format!(
                    "there is no action {} now (type {})",
                    act.n,
                    l.session.numbers_text()
                ),
            );
        };
        let mut lines = Vec::new();
        l.session.choose(a, &mut lines);
        l.session.advance(&mut lines);
        l.log.extend(lines);
        l.seq += 1;
        Json(View::of(l, None)).into_response()
    })
    .await
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Seq {
    seq: u64,
}

async fn undo<G: Entry>(
    State(live): State<Shared<G>>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Response {
    let at: Seq = match request(&headers, body) {
        Ok(at) => at,
        Err(status) => return malformed(status, r#"JSON like {"seq": 3}"#),
    };
    with_live(live, move |l| {
        if at.seq != l.seq {
            return refuse(StatusCode::CONFLICT, "the page was out of date; try again");
        }
        let message = if l.session.undo() {
            l.log
                .push("(undone: back to your previous decision)".into());
            l.seq += 1;
            "Back to your previous decision."
        } else {
            "Nothing to undo."
        };
        Json(View::of(l, Some(message.to_string()))).into_response()
    })
    .await
}

async fn hint<G: Entry>(State(live): State<Shared<G>>) -> Response {
    with_live(live, |l| {
        let text = l.session.hint().unwrap_or_else(|| match l.session.actor() {
            Actor::Terminal => "No hint: the game is over.".into(),
            _ => "No hint: it is not your decision.".into(),
        });
        Json(View::of(l, Some(text))).into_response()
    })
    .await
}

async fn save<G: Entry>(State(live): State<Shared<G>>) -> Response {
    let text = with_live(live, |l| l.session.save_text()).await;
    let name = format!("attachment; filename=\"{}-save.toml\"", G::INFO.id);
    (
        [
            (header::CONTENT_TYPE, "application/toml".to_string()),
            (header::CONTENT_DISPOSITION, name),
        ],
        text,
    )
        .into_response()
}

async fn load<G: Entry>(
    State(live): State<Shared<G>>,
    body: Result<String, StringRejection>,
) -> Response {
    let body = match body {
        Ok(body) => body,
        Err(e) => return malformed(e.status(), "a saved game's text"),
    };
    with_live(live, move |l| match l.session.load_text(&body) {
        Ok(note) => {
            let mut lines = vec!["A saved game was loaded; its log so far:".to_string()];
            lines.extend(l.session.history());
            lines.extend(note.clone());
            l.session.advance(&mut lines);
            l.log.extend(lines);
            l.seq += 1;
            Json(View::of(l, Some(note.unwrap_or_else(|| "Loaded.".into())))).into_response()
        }
        Err(e) => refuse(StatusCode::BAD_REQUEST, format!("not loaded: {e}")),
    })
    .await
}
