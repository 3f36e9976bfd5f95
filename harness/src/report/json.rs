//! The JSON report: the `Report` as serde serializes it.

use std::io::Write;

use anyhow::Result;

use crate::model::Report;

pub fn render_json(report: &Report, out: &mut dyn Write) -> Result<()> {
    // Bidirectional controls as escapes: the same text, and no viewer of the file reorders it.
    let formatter = super::shown::JsonFormatter(serde_json::ser::PrettyFormatter::new());
    let mut serializer = serde_json::Serializer::with_formatter(&mut *out, formatter);
    serde::Serialize::serialize(report, &mut serializer)?;
    writeln!(out)?;
    Ok(())
}
