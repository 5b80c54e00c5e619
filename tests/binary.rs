//! The binary keeps the platform's hardening: on Linux it is position-independent (an ELF file of
//! type `ET_DYN`, loaded at a random address), not linked with `-no-pie` (`ET_EXEC`).

#[cfg(target_os = "linux")]
#[test]
fn the_binary_is_position_independent() {
    let path = assert_cmd::cargo::cargo_bin("judge");
    let bytes = std::fs::read(&path).expect("the judge binary is built for the tests");
    assert_eq!(&bytes[..4], b"\x7fELF", "{}", path.display());
    // `e_type`, after the 16 bytes of `e_ident`, little-endian on the targets judge builds for.
    let kind = u16::from_le_bytes([bytes[16], bytes[17]]);
    assert_eq!(kind, 3, "ET_DYN (position-independent) expected, found type {kind}");
}
