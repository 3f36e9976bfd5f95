//! The JSON report: the `Report` as serde serializes it.

use std::io::Write;

use anyhow::Result;

use crate::model::Report;

pub fn render_json(report: &Report, out: &mut dyn Write) -> Result<()> {
    serde_json::to_writer_pretty(&mut *out, report)?;
    writeln!(out)?;
    Ok(())
}
