#include "prover/params/published_parameters.hpp"

#include <algorithm>
#include <array>
#include <string>

#include "util/error.hpp"

namespace cuzk::prover {
namespace {

constexpr PublishedParameterFile kFiles[] = {
#include "prover/params/published_parameters.inc"
};

static_assert(std::is_sorted(std::begin(kFiles), std::end(kFiles),
                             [](const auto& a, const auto& b) { return a.name < b.name; }));
static_assert(std::all_of(std::begin(kFiles), std::end(kFiles),
                          [](const auto& f) { return f.digest.size() == 32; }));

}  // namespace

std::span<const PublishedParameterFile> published_parameter_files() { return kFiles; }

const PublishedParameterFile* find_published_parameter_file(std::string_view name) {
  const auto it = std::lower_bound(std::begin(kFiles), std::end(kFiles), name,
                                   [](const auto& f, std::string_view n) { return f.name < n; });
  return it != std::end(kFiles) && it->name == name ? &*it : nullptr;
}

namespace {

PublishedSealFiles published_files_of_stem(const std::string& stem) {
  const PublishedParameterFile* params = find_published_parameter_file(stem + ".params");
  const PublishedParameterFile* vk = find_published_parameter_file(stem + ".vk");
  // Every registered seal and update proof has published files; a miss is a bug in one of the two
  // tables.
  if (params == nullptr || vk == nullptr) throw Error(stem + ": not in the published parameters");
  return {*params, *vk};
}

}  // namespace

PublishedSealFiles published_seal_files(porep::RegisteredSealProof proof) {
  return published_files_of_stem(porep::parameter_file_stem(porep::seal_proof_info(proof)));
}

PublishedSealFiles published_update_files(porep::update::RegisteredUpdateProof proof) {
  return published_files_of_stem(
      porep::update::parameter_file_stem(porep::update::update_proof_info(proof)));
}

}  // namespace cuzk::prover
