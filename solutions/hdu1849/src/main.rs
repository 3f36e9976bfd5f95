//! hdu1849 — Rabbit and Grass (HDOJ 1849), http://acm.hdu.edu.cn/showproblem.php?pid=1849
//!
//! Idea: a piece on cell K can move to any cell 0..K, exactly like a Nim heap of K (cell 0 = empty heap), and
//! pieces move independently, so it is plain Nim: Rabbit (first) wins iff the xor of all K is non-zero. O(m).

use std::io::{self, Read, Write};

fn solve(input: &str) -> String {
    let mut tokens = input
        .split_ascii_whitespace()
        .map(|t| t.parse::<u32>().expect("integer"));
    let mut out = String::new();
    while let Some(m) = tokens.next() {
        if m == 0 {
            break;
        }
        let cells: Vec<u32> = tokens.by_ref().take(m as usize).collect();
        if cells.len() < m as usize {
            break;
        }
        let xor = cells.iter().fold(0, |acc, &k| acc ^ k);
        out.push_str(if xor != 0 {
            "Rabbit Win!\n"
        } else {
            "Grass Win!\n"
        });
    }
    out
}

fn main() {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).expect("read stdin");
    io::stdout()
        .write_all(solve(&input).as_bytes())
        .expect("write stdout");
}

#[cfg(test)]
mod tests {
    use super::solve;

    #[test]
    fn samples() {
        assert_eq!(solve("2\n3 5\n3\n3 5 6\n0\n"), "Rabbit Win!\nGrass Win!\n");
    }

    #[test]
    fn pieces_on_cell_zero_count_for_nothing() {
        // All pieces already home: Rabbit has no move. A lone piece off cell 0: Rabbit moves it home.
        assert_eq!(
            solve("3\n0 0 0\n4\n0 7 0 0\n2\n0 0\n0\n"),
            "Grass Win!\nRabbit Win!\nGrass Win!\n"
        );
    }

    #[test]
    fn textbook_nim_positions() {
        // (14, 21, 39) and (55, 81, 121) have non-zero xor; (1, 2, 3) and (9, 9) have xor 0.
        assert_eq!(
            solve("3\n14 21 39\n3\n55 81 121\n3\n1 2 3\n2\n9 9\n0\n"),
            "Rabbit Win!\nRabbit Win!\nGrass Win!\nGrass Win!\n"
        );
    }

    #[test]
    fn stops_at_the_zero_even_if_more_follows() {
        assert_eq!(solve("1\n1\n0\n1\n0\n"), "Rabbit Win!\n");
    }
}
