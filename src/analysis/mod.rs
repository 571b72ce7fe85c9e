//! Exact distributions by enumerating chance nodes (combat odds, initiative odds).
