//! `harness list [ID...]`: the problems (all, or those named) with their judge, limits, checker and number
//! of tests, in any format (a package's as the problem it is judged as, its format as the judge), `auto` for
//! a time limit it leaves to be computed.

use std::io::{self, Write};

use anyhow::Result;

use crate::model::Problem;
use crate::package::{self, Workspace};
use crate::plan::check_known;
use crate::{EXIT_FAILED, EXIT_OK};

pub fn list(workspace: &Workspace, ids: &[String]) -> Result<i32> {
    let ids = match ids.is_empty() {
        true => workspace.problem_ids()?,
        false => {
            // Every id is checked before anything is printed, as `harness run` does.
            let mut named: Vec<String> = Vec::new();
            for id in ids {
                check_known(workspace, id)?;
                if !named.contains(id) {
                    named.push(id.clone());
                }
            }
            named
        }
    };
    let mut rows: Vec<Row> = Vec::new();
    let mut code = EXIT_OK;
    for id in ids {
        // A problem whose tests cannot be read yet is listed all the same.
        let dir = workspace.problem_dir(&id);
        let row = match package::load(&dir, Some(workspace), false) {
            Ok(source) => {
                let mut row = Row::of(&source.problem, source.tests.len().to_string());
                if source.timing.is_some() {
                    row.time = "auto".into();
                }
                if let Some(why) = &source.unsupported {
                    row.title = format!("{} (not judged: {why})", row.title);
                }
                Ok(row)
            }
            Err(_) => package::format_of(&dir)
                .problem(&dir)
                .map(|problem| Row::of(&problem, "-".into())),
        };
        match row {
            Ok(row) => rows.push(row),
            Err(err) => {
                rows.push(Row::error(&id, &format!("{err:#}")));
                code = EXIT_FAILED;
            }
        }
    }
    let mut out = io::stdout().lock();
    write!(out, "{}", table(&rows))?;
    Ok(code)
}

/// A line of the listing; a problem that cannot be read has only its id and the error, as its title.
struct Row {
    id: String,
    judge: String,
    time: String,
    memory: String,
    checker: String,
    tests: String,
    title: String,
}

impl Row {
    fn of(problem: &Problem, tests: String) -> Row {
        let title = match problem.data_id == problem.id {
            true => problem.title.clone(),
            false => format!("{} (= {})", problem.title, problem.data_id),
        };
        Row {
            id: problem.id.clone(),
            judge: problem.judge.clone(),
            time: format!("{} ms", problem.time_limit_ms),
            memory: format!("{} MiB", problem.memory_limit_mb),
            checker: match problem.interactor {
                Some(_) => "interactor".to_string(),
                None => problem.checker.to_string(),
            },
            tests,
            title,
        }
    }

    /// The row with every cell made safe to show (`report::shown::name`).
    fn shown(&self) -> Row {
        let safe = |cell: &str| crate::report::shown::name(cell).into_owned();
        Row {
            id: safe(&self.id),
            judge: safe(&self.judge),
            time: safe(&self.time),
            memory: safe(&self.memory),
            checker: safe(&self.checker),
            tests: safe(&self.tests),
            title: safe(&self.title),
        }
    }

    fn error(id: &str, error: &str) -> Row {
        Row {
            id: id.to_string(),
            judge: String::new(),
            time: String::new(),
            memory: String::new(),
            checker: String::new(),
            tests: String::new(),
            title: format!("error: {error}"),
        }
    }
}

/// The rows under a header, every column as wide as its widest cell: a long checker never pushes the
/// columns after it out of line.
fn table(rows: &[Row]) -> String {
    let header = Row {
        id: "id".into(),
        judge: "judge".into(),
        time: "time".into(),
        memory: "memory".into(),
        checker: "checker".into(),
        tests: "tests".into(),
        title: "title".into(),
    };
    // A package's name and a problem's title come from its files: no control reaches the terminal.
    let rows: Vec<Row> = rows.iter().map(Row::shown).collect();
    let all = || std::iter::once(&header).chain(&rows);
    let width = |cell: fn(&Row) -> &str| all().map(|r| cell(r).chars().count()).max().unwrap_or(0);
    let (id, judge, time, memory, checker, tests) = (
        width(|r| &r.id),
        width(|r| &r.judge),
        width(|r| &r.time),
        width(|r| &r.memory),
        width(|r| &r.checker),
        width(|r| &r.tests),
    );
    let mut text = String::new();
    for r in all() {
        let line = format!(
            "{:<id$}  {:<judge$}  {:>time$}  {:>memory$}  {:<checker$}  {:>tests$}  {}",
            r.id, r.judge, r.time, r.memory, r.checker, r.tests, r.title
        );
        text.push_str(line.trim_end());
        text.push('\n');
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_are_as_wide_as_their_widest_cell() {
        let row = |id: &str, checker: &str| Row {
            id: id.into(),
            judge: "HDOJ".into(),
            time: "1000 ms".into(),
            memory: "32 MiB".into(),
            checker: checker.into(),
            tests: "19".into(),
            title: "T".into(),
        };
        let text = table(&[
            row("hdu1846", "lines"),
            row("nim-move", "testlib:checker.rs"),
            Row::error("broken", "bad key"),
        ]);
        let lines: Vec<&str> = text.lines().collect();
        let title_at: Vec<usize> = lines[..3].iter().map(|l| l.rfind(' ').unwrap()).collect();
        assert_eq!(title_at[0], title_at[1], "{text}");
        assert_eq!(title_at[1], title_at[2], "{text}");
        assert!(
            lines[3].starts_with("broken  ") && lines[3].ends_with("error: bad key"),
            "{text}"
        );
    }
}
