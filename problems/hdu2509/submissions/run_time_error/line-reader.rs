//! right misère rule, but reads line by line (n, then the rows) and panics on the blank lines between cases.

use std::io::{self, BufRead, Write};

fn main() {
    let stdin = io::stdin();
    let mut lines = stdin.lock().lines().map(|l| l.expect("read line"));
    let mut out = String::new();
    while let Some(line) = lines.next() {
        let n: usize = line.trim().parse().expect("n");
        let rows: Vec<u32> = lines
            .next()
            .expect("rows")
            .split_whitespace()
            .map(|t| t.parse().expect("row"))
            .collect();
        assert_eq!(rows.len(), n, "row count");
        let xor = rows.iter().fold(0, |a, &r| a ^ r);
        let big = rows.iter().any(|&r| r > 1);
        out.push_str(if (xor != 0) == big { "Yes\n" } else { "No\n" });
    }
    io::stdout()
        .write_all(out.as_bytes())
        .expect("write stdout");
}
