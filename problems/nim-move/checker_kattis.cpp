// nim-move output validator, Kattis protocol: `validator INPUT ANSWER FEEDBACK_DIR [args] < OUTPUT`.
// Exit 42 = accepted, 43 = wrong answer (the reason in FEEDBACK_DIR/judgemessage.txt); a broken input or jury
// answer exits 1 (judge error) and says why in judgeerror.txt as well. The same decisions as checker.rs: the
// position is lost iff the xor of the piles is 0, the contestant's move is applied to the input, and the
// jury's answer is held to the same rules, and the output is read by the same layout: one answer per line,
// tokens one space apart, spaces, tabs and \r at the end of a line and blank lines at the end ignored.
// Kattis has no presentation error: a fault of the layout or malformed output is 43 too.
// Standard library only, C++17.

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <iterator>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

namespace {

const int kAccepted = 42;
const int kWrong = 43;
const int kJudgeError = 1;

std::string feedback_dir;

void write_feedback(const std::string& file, const std::string& message) {
    std::ofstream out(feedback_dir + "/" + file, std::ios::app);
    out << message << "\n";
}

[[noreturn]] void quit(int code, const std::string& message) {
    write_feedback("judgemessage.txt", message);
    if (code == kJudgeError) write_feedback("judgeerror.txt", message);
    std::cerr << message << "\n";
    std::exit(code);
}

// The same whitespace as Rust's u8::is_ascii_whitespace: space, \t, \n, \f, \r.
bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r'; }

class Tokens {
   public:
    explicit Tokens(std::string data) : data_(std::move(data)) {}

    // False at the end of the data.
    bool next(std::string& token) {
        while (pos_ < data_.size() && is_space(data_[pos_])) ++pos_;
        size_t start = pos_;
        while (pos_ < data_.size() && !is_space(data_[pos_])) ++pos_;
        token.assign(data_, start, pos_ - start);
        return pos_ > start;
    }

   private:
    std::string data_;
    size_t pos_ = 0;
};

// The answer and the output, line by line (checker.rs reads them the same way, through judge.rs).
class Lines {
   public:
    explicit Lines(std::string data) : data_(std::move(data)) {}

    // The next line without its end and trailing spaces, tabs and \r; false at the end of the data.
    bool next(std::string& line) {
        if (pos_ >= data_.size()) return false;
        size_t end = data_.find('\n', pos_);
        if (end == std::string::npos) end = data_.size();
        line.assign(data_, pos_, end - pos_);
        pos_ = end + 1;
        ++number_;
        while (!line.empty() && (line.back() == ' ' || line.back() == '\t' || line.back() == '\r')) line.pop_back();
        return true;
    }

    // True when only blank lines are left.
    bool at_end() const {
        for (size_t i = pos_; i < data_.size(); ++i)
            if (!is_space(data_[i])) return false;
        return true;
    }

    size_t number() const { return number_; }

   private:
    std::string data_;
    size_t pos_ = 0;
    size_t number_ = 0;
};

std::string slurp(std::istream& in) {
    std::ostringstream buffer;
    buffer << in.rdbuf();
    return buffer.str();
}

std::string open_text(const char* path, const char* what) {
    std::ifstream in(path, std::ios::binary);
    if (!in) quit(kJudgeError, std::string("cannot read the ") + what + " file " + path);
    return slurp(in);
}

// A token for a message: bytes outside printable ASCII escaped, cut short so that garbage cannot flood it.
std::string show(const std::string& token) {
    std::string text;
    for (size_t i = 0; i < token.size() && i < 24; ++i) {
        unsigned char c = static_cast<unsigned char>(token[i]);
        if (c >= 0x20 && c < 0x7f && c != '\\') {
            text += static_cast<char>(c);
        } else {
            char escaped[8];
            std::snprintf(escaped, sizeof escaped, "\\x%02x", c);
            text += escaped;
        }
    }
    return "`" + text + (token.size() > 24 ? "...`" : "`");
}

// A well-formed integer token `-?[0-9]+`; `value` is empty when it does not fit in a signed 64-bit integer
// (such a number can never be a pile index or a legal stone count: piles are at most 10^18).
struct Integer {
    bool ok = false;
    std::optional<int64_t> value;
};

Integer integer(const std::string& token) {
    Integer result;
    size_t start = (!token.empty() && token[0] == '-') ? 1 : 0;
    if (start == token.size()) return result;
    for (size_t i = start; i < token.size(); ++i)
        if (token[i] < '0' || token[i] > '9') return result;
    result.ok = true;
    // Accumulate the magnitude in unsigned 64 bits, giving up past 10^19 (no wrap-around).
    uint64_t magnitude = 0;
    const uint64_t cap = 1000000000000000000ULL;  // 10^18
    for (size_t i = start; i < token.size(); ++i) {
        if (magnitude > cap) return result;
        magnitude = magnitude * 10 + static_cast<uint64_t>(token[i] - '0');
    }
    if (magnitude > static_cast<uint64_t>(INT64_MAX)) return result;
    int64_t v = static_cast<int64_t>(magnitude);
    result.value = start == 1 ? -v : v;
    return result;
}

struct Answer {
    bool lose = false;
    std::optional<int64_t> pile, count;
};

// Empty string when the next line is one well-formed answer, else why not.
std::string read_answer(Lines& lines, Answer& answer) {
    const std::string expected = "`lose` or a move `i k`";
    std::string line;
    if (!lines.next(line)) return "the output ended; expected " + expected;
    std::string at = "line " + std::to_string(lines.number());
    if (line.empty()) return at + " is empty; expected " + expected;
    std::vector<std::string> tokens;
    for (size_t start = 0;;) {
        size_t space = line.find(' ', start);
        tokens.push_back(line.substr(start, space == std::string::npos ? std::string::npos : space - start));
        if (space == std::string::npos) break;
        start = space + 1;
    }
    for (const auto& t : tokens) {
        if (t.empty()) return at + ": tokens must be one space apart: " + show(line);
        for (char c : t)
            if (is_space(c)) return at + ": a token holds a tab or a control character: " + show(t);
    }
    if (tokens.size() == 1 && tokens[0] == "lose") {
        answer.lose = true;
        return "";
    }
    if (tokens.size() != 2) return at + ": expected " + expected + " alone on the line, got " + show(line);
    Integer i = integer(tokens[0]), k = integer(tokens[1]);
    if (!i.ok || !k.ok) return at + ": expected " + expected + ", got " + show(line);
    answer.pile = i.value;
    answer.count = k.value;
    return "";
}

std::string show_number(const std::optional<int64_t>& v) {
    return v ? std::to_string(*v) : std::string("a huge number");
}

// Empty string when the answer is right for `piles` with xor `x`, else what is wrong with it.
std::string judge(const std::vector<uint64_t>& piles, uint64_t x, const Answer& answer) {
    if (answer.lose) {
        if (x == 0) return "";
        return "the position is won (xor " + std::to_string(x) + ") but the answer is `lose`";
    }
    if (x == 0) return "the position is lost (xor 0), so the answer must be `lose`, not a move";
    const auto& i = answer.pile;
    if (!i || *i < 1 || static_cast<uint64_t>(*i) > piles.size())
        return "pile " + show_number(i) + " does not exist (there are " + std::to_string(piles.size()) +
               " piles)";
    size_t pile = static_cast<size_t>(*i);
    uint64_t a = piles[pile - 1];
    const auto& k = answer.count;
    if (k && *k < 1) return "must take at least 1 stone, not " + std::to_string(*k);
    if (!k || static_cast<uint64_t>(*k) > a)
        return "pile " + std::to_string(pile) + " has " + std::to_string(a) + " stones, cannot take " +
               show_number(k);
    uint64_t taken = static_cast<uint64_t>(*k);
    uint64_t left = x ^ a ^ (a - taken);
    if (left != 0)
        return "taking " + std::to_string(taken) + " from pile " + std::to_string(pile) + " (" +
               std::to_string(a) + " -> " + std::to_string(a - taken) + ") leaves xor " +
               std::to_string(left) + ", not 0";
    return "";
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 4) {
        std::cerr << "usage: validator INPUT ANSWER FEEDBACK_DIR [args] < OUTPUT\n";
        return kJudgeError;
    }
    feedback_dir = argv[3];
    Tokens input(open_text(argv[1], "input"));
    Lines answer(open_text(argv[2], "answer"));
    Lines output(slurp(std::cin));

    auto number = [&](const char* what) -> uint64_t {
        std::string token;
        if (!input.next(token)) quit(kJudgeError, std::string("the input is malformed: expected ") + what);
        Integer v = integer(token);
        if (!v.ok || !v.value || *v.value < 0)
            quit(kJudgeError, std::string("the input is malformed: expected ") + what);
        return static_cast<uint64_t>(*v.value);
    };
    uint64_t cases = number("the number of cases");
    for (uint64_t c = 1; c <= cases; ++c) {
        std::string where = "case " + std::to_string(c) + ": ";
        uint64_t n = number("a pile count");
        std::vector<uint64_t> piles;
        uint64_t x = 0;
        for (uint64_t j = 0; j < n; ++j) {
            piles.push_back(number("a pile"));
            x ^= piles.back();
        }
        Answer jury, got;
        std::string why = read_answer(answer, jury);
        if (why.empty()) why = judge(piles, x, jury);
        if (!why.empty()) quit(kJudgeError, "answer file, " + where + why);
        why = read_answer(output, got);
        if (why.empty()) why = judge(piles, x, got);
        if (!why.empty()) quit(kWrong, where + why);
    }
    if (!answer.at_end()) quit(kJudgeError, "answer file: more lines after the last case");
    if (!output.at_end())
        quit(kWrong, "more output after the last case (line " + std::to_string(output.number() + 1) + ")");
    write_feedback("judgemessage.txt", "ok: " + std::to_string(cases) + " cases");
    return kAccepted;
}
