//! hdu2509 generator: `gen small|max <seed>` prints one input (cases `n` / row lengths, blank line between).

#[path = "../.shared/gen.rs"]
mod shared;

use shared::Rng;

fn main() {
    let (kind, seed) = shared::args(&["small", "max"]);
    let mut rng = Rng(seed);
    let mut cases: Vec<Vec<u64>> = Vec::new();
    match kind {
        "small" => {
            // At most 20 apples per case so the exhaustive search stays fast. Shapes: all rows of one apple (the
            // misère special case), one big row among single apples, a pair of equal rows, random rows.
            let count = if seed % 4 == 0 { 1 } else { rng.range(1, 12) };
            for _ in 0..count {
                let n = rng.range(1, 5) as usize;
                let mut rows: Vec<u64> = match rng.range(0, 3) {
                    0 => vec![1; n],
                    1 => {
                        let mut r = vec![1; n];
                        r[0] = rng.range(2, 8);
                        r
                    }
                    2 => {
                        let x = rng.range(1, 8);
                        vec![x, x]
                    }
                    _ => (0..n).map(|_| rng.range(1, 8)).collect(),
                };
                while rows.iter().sum::<u64>() > 20 {
                    let i = rng.range(0, rows.len() as u64 - 1) as usize;
                    rows[i] = (rows[i] / 2).max(1);
                }
                rng.shuffle(&mut rows);
                cases.push(rows);
            }
        }
        "max" => {
            // 2000 cases of up to 100 rows. Odd seeds: 100 lengths uniform in 1..=100. Even seeds: every row 1 apple
            // except, in half of the cases, a single row of up to 100.
            for c in 0..2000 {
                let rows: Vec<u64> = if seed % 2 == 1 {
                    (0..100).map(|_| rng.range(1, 100)).collect()
                } else {
                    let mut r = vec![1; 100];
                    if c % 2 == 1 {
                        r[rng.range(0, 99) as usize] = rng.range(2, 100);
                    }
                    // Half the cases drop a row (n = 99), so the count of single apples is odd as often as even.
                    if rng.range(0, 1) == 0 {
                        r.pop();
                    }
                    r
                };
                cases.push(rows);
            }
        }
        _ => unreachable!(),
    }
    let mut out = String::new();
    for (i, rows) in cases.iter().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        let line: Vec<String> = rows.iter().map(|r| r.to_string()).collect();
        out.push_str(&format!("{}\n{}\n", rows.len(), line.join(" ")));
    }
    shared::emit(&out);
}
