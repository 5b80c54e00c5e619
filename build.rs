//! Tells the tests whether the official CR files (`../shared/cr`, not ours to ship) are beside the
//! repository: tests that read them are compiled as ignored where they are absent, so that a
//! fresh clone reports them as not run instead of passed.

use std::path::Path;

fn main() {
    println!("cargo::rustc-check-cfg=cfg(shared_cr)");
    // Rebuilt when the directory appears or goes away.
    println!("cargo::rerun-if-changed=../shared/cr");
    if Path::new("../shared/cr").is_dir() {
        println!("cargo::rustc-cfg=shared_cr");
    }
}
