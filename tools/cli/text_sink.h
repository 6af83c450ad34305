// text_sink.h: where the CLI's renderings go: a string, or a file (stdout)
// written as it is made, so a plan of 10^7 nodes (about a gigabyte of text
// or JSON) is never held in memory whole.
//
//   FileSink out(stdout);
//   WritePlan(plan, /*json=*/false, &out);  // tools/cli/plan_output.h
//   if (!out.ok()) ...      // A write failed (errno says why).
#ifndef HETCAST_TOOLS_CLI_TEXT_SINK_H_
#define HETCAST_TOOLS_CLI_TEXT_SINK_H_

#include <cstdio>
#include <string>

#include "absl/strings/string_view.h"

namespace hetcast {

class TextSink {
 public:
  virtual ~TextSink() = default;
  virtual void Append(absl::string_view text) = 0;
};

// Collects the text (tests; outputs small by construction).
class StringSink : public TextSink {
 public:
  void Append(absl::string_view text) override {
    text_.append(text.data(), text.size());
  }
  std::string& text() { return text_; }

 private:
  std::string text_;
};

// Writes through stdio's buffer; after a failed write, writes nothing more
// and ok() is false.
class FileSink : public TextSink {
 public:
  explicit FileSink(std::FILE* file) : file_(file) {}
  void Append(absl::string_view text) override {
    if (ok_ && std::fwrite(text.data(), 1, text.size(), file_) != text.size()) {
      ok_ = false;
    }
  }
  bool ok() const { return ok_; }

 private:
  std::FILE* file_;
  bool ok_ = true;
};

}  // namespace hetcast

#endif  // HETCAST_TOOLS_CLI_TEXT_SINK_H_
