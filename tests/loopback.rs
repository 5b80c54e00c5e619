//! A small HTTP server of our own on the loopback address, for the tests of `judge corpus fetch`
//! and `judge cards fetch`: routes that serve a body, redirect, or misbehave (a cut body, no
//! answer, an endless body, a body too large). Nothing here leaves the machine.

use std::collections::HashMap;
use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::sync::{Arc, Mutex};

/// What the server does when a path is asked.
#[derive(Clone)]
pub enum Reply {
    /// 200 with this content type and body, and its Content-Length.
    Serve(&'static str, Vec<u8>),
    /// 302 to this location.
    Redirect(&'static str),
    /// Announces the whole body, sends half of it and closes the connection.
    Cut(Vec<u8>),
    /// Announces a body of this length, and sends none of it.
    Announce(u64),
    /// Reads the request and never answers.
    Silent,
    /// 200 without a length, then bytes until the client goes away.
    Endless,
}

/// Serves `routes` on 127.0.0.1 from a thread per connection, for as long as the test runs;
/// any other path is a 404. Returns the server's address, `http://127.0.0.1:PORT`.
pub fn serve(routes: Vec<(&'static str, Reply)>) -> String {
    serve_recording(routes).0
}

/// [`serve`], and the head of every request it is sent, as they come.
pub fn serve_recording(routes: Vec<(&'static str, Reply)>) -> (String, Arc<Mutex<Vec<String>>>) {
    let listener = TcpListener::bind("127.0.0.1:0").expect("a loopback port");
    let base = format!("http://{}", listener.local_addr().unwrap());
    let routes: Arc<HashMap<&'static str, Reply>> = Arc::new(routes.into_iter().collect());
    let heads = Arc::new(Mutex::new(Vec::new()));
    let recorded = Arc::clone(&heads);
    std::thread::spawn(move || {
        for stream in listener.incoming().flatten() {
            let routes = Arc::clone(&routes);
            let heads = Arc::clone(&heads);
            std::thread::spawn(move || answer(stream, &routes, &heads));
        }
    });
    (base, recorded)
}

fn answer(mut stream: TcpStream, routes: &HashMap<&'static str, Reply>, heads: &Mutex<Vec<String>>) {
    let Some(head) = request_head(&mut stream) else { return };
    let Some(path) = head.split(' ').nth(1).map(str::to_string) else { return };
    heads.lock().unwrap_or_else(|e| e.into_inner()).push(head);
    // Errors are the client going away, which several tests cause on purpose.
    let _ = match routes.get(path.as_str()).cloned() {
        Some(Reply::Serve(content_type, body)) => {
            let head = format!(
                "HTTP/1.1 200 OK\r\nContent-Type: {content_type}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
                body.len()
            );
            stream.write_all(head.as_bytes()).and_then(|()| stream.write_all(&body))
        }
        Some(Reply::Redirect(location)) => stream.write_all(
            format!("HTTP/1.1 302 Found\r\nLocation: {location}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
                .as_bytes(),
        ),
        Some(Reply::Cut(body)) => {
            let head = format!("HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: {}\r\n\r\n", body.len());
            stream.write_all(head.as_bytes()).and_then(|()| stream.write_all(&body[..body.len() / 2]))
        }
        Some(Reply::Announce(length)) => stream.write_all(
            format!("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: {length}\r\n\r\n").as_bytes(),
        ),
        Some(Reply::Silent) => {
            // Held open without a word until the client gives up and closes it.
            let mut sink = [0; 1024];
            while stream.read(&mut sink).is_ok_and(|n| n > 0) {}
            Ok(())
        }
        Some(Reply::Endless) => {
            let head = "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nConnection: close\r\n\r\n";
            let line = b"100.1. These rules go on and on.\n".repeat(2000);
            stream.write_all(head.as_bytes()).and_then(|()| loop {
                stream.write_all(&line)?;
            })
        }
        None => stream.write_all(b"HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"),
    };
}

/// The head of a request, once read whole.
fn request_head(stream: &mut TcpStream) -> Option<String> {
    let mut head = Vec::new();
    let mut byte = [0; 1];
    while !head.ends_with(b"\r\n\r\n") {
        if stream.read(&mut byte).ok()? == 0 {
            return None;
        }
        head.push(byte[0]);
    }
    String::from_utf8(head).ok()
}
