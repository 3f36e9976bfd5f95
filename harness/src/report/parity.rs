//! Where other judges would differ (`--parity`), in every report: for people a section of lines, one per
//! test whose verdict differs ("AC here, TLE on Codeforces: <cause>"), and what each profile did not
//! compare; in JUnit a suite `parity` with a failing case per difference (the exit status is not changed:
//! the run's own verdicts decide it); in HTML a section with a table. JSON has `parity` from serde.

use std::fmt::Write as _;

use quick_junit::{NonSuccessKind, TestCase, TestCaseStatus, TestSuite};

use super::html::esc;
use super::human::Paint;
use crate::model::parity::{Parity, ParityRow};
use crate::model::Report;

/// How a row names its test: `problem/test  program`.
fn test_name(row: &ParityRow) -> String {
    format!("{}/{}  {}", row.problem, row.test, row.program)
}

/// The human report's section.
pub(super) fn human(text: &mut String, report: &Report, paint: &Paint) {
    if let Some(profile) = &report.profile {
        let _ = writeln!(
            text,
            "\nJudged under the profile {profile}: its language table (docs/profiles.md)"
        );
    }
    let Some(parity) = &report.parity else {
        return;
    };
    let _ = writeln!(
        text,
        "\n{} ({})",
        paint.yellow("Parity with other judges"),
        headline(parity)
    );
    for profile in &parity.profiles {
        let _ = writeln!(
            text,
            "{} ({}): {} tests run again, {} differences",
            profile.profile,
            profile.judge,
            profile.reran,
            profile.rows.len()
        );
        for row in &profile.rows {
            let _ = writeln!(
                text,
                "  {}: {}",
                test_name(row),
                row.sentence(&profile.judge)
            );
        }
        for left in &profile.not_compared {
            let _ = writeln!(text, "  not compared: {left}");
        }
    }
}

fn headline(parity: &Parity) -> String {
    match parity.differences() {
        0 => "no test would get another verdict".to_string(),
        1 => "1 test would get another verdict".to_string(),
        n => format!("{n} tests would get another verdict"),
    }
}

/// The JUnit suite: a failing case per difference, a passing one per profile without any.
pub(super) fn junit(report: &Report) -> Option<TestSuite> {
    let parity = report.parity.as_ref()?;
    let mut suite = TestSuite::new("parity");
    for profile in &parity.profiles {
        if profile.rows.is_empty() {
            let mut case = TestCase::new(
                format!("same verdicts on {}", profile.judge),
                TestCaseStatus::success(),
            );
            case.set_classname(format!("parity.{}", profile.profile));
            suite.add_test_case(case);
        }
        for row in &profile.rows {
            let mut status = TestCaseStatus::non_success(NonSuccessKind::Failure);
            status
                .set_type(format!("parity-{}", row.rule))
                .set_message(row.sentence(&profile.judge));
            let mut case = TestCase::new(test_name(row), status);
            case.set_classname(format!("parity.{}", profile.profile));
            suite.add_test_case(case);
        }
    }
    Some(suite)
}

/// The HTML section: a table per profile.
pub(super) fn html(html: &mut String, report: &Report) {
    let Some(parity) = &report.parity else {
        return;
    };
    let _ = write!(
        html,
        "<section id=\"parity\"><h2>Parity with other judges</h2><p>{}</p>",
        esc(&headline(parity))
    );
    for profile in &parity.profiles {
        let _ = write!(
            html,
            "<h3>{} ({})</h3><p>{} tests run again, {} differences</p>",
            esc(&profile.judge),
            esc(&profile.profile),
            profile.reran,
            profile.rows.len()
        );
        if !profile.rows.is_empty() {
            html.push_str(
                "<div class=\"scroll\"><table class=\"plain\"><thead><tr><th>test</th><th>here</th>\
                 <th>there</th><th>rule</th><th>cause</th></tr></thead><tbody>",
            );
            for row in &profile.rows {
                let _ = write!(
                    html,
                    "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
                    esc(&test_name(row)),
                    row.here.name(),
                    row.there.name(),
                    esc(&row.rule),
                    esc(&row.cause)
                );
            }
            html.push_str("</tbody></table></div>");
        }
        if !profile.not_compared.is_empty() {
            html.push_str("<ul>");
            for left in &profile.not_compared {
                let _ = write!(html, "<li>not compared: {}</li>", esc(left));
            }
            html.push_str("</ul>");
        }
    }
    html.push_str("</section>\n");
}
