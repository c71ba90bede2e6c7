// Why a command may not write its output where it was told to, checked before any work: the
// path is a directory (found only at the final rename otherwise, after all the proving), or it is
// the command's input under another name (a link, a hard link, another spelling of the path),
// which the output would replace.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

namespace cuzk {

// Nothing when the output may be written (a new file, or another existing file). `input_kind`
// names the input in the message, e.g. "C1 file": "<output>: is the C1 file <input>; the proof
// may not replace its input".
std::optional<std::string> output_refusal(const std::filesystem::path& output,
                                          const std::filesystem::path& input,
                                          std::string_view input_kind);

}  // namespace cuzk
