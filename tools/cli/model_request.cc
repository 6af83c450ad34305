// model_request.cc: node and cluster request files -> their fields.
#include "tools/cli/model_request.h"

#include <string>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_replace.h"
#include "flatbuffers/idl.h"
#include "tables/model_request_generated.h"
#include "tables/model_request_schema.h"
#include "tools/json_verifier.h"
#include "tools/strict_json.h"

namespace hetcast {
namespace {

// A vector field as given (absent: nullopt; empty stays empty).
std::optional<std::vector<uint64_t>> ListOf(
    const flatbuffers::Vector<uint64_t>* list) {
  if (list == nullptr) return std::nullopt;
  return std::vector<uint64_t>(list->begin(), list->end());
}

std::string TextOf(const flatbuffers::String* text) {
  return text == nullptr ? std::string() : text->str();
}

// A list by type name as given (absent: nullopt).
std::optional<std::vector<NamedCount>> NamedListOf(
    const flatbuffers::Vector<flatbuffers::Offset<modelrequest::TypeCount>>*
        list) {
  if (list == nullptr) return std::nullopt;
  std::vector<NamedCount> entries;
  for (const modelrequest::TypeCount* entry : *list) {
    entries.push_back({TextOf(entry->type()), entry->count()});
  }
  return entries;
}

// `json` parsed as the request `root_type`, once strict_json.h has found
// no mistake FlatBuffers' parser would let through (a quoted number, a
// trailing comma, a field of no such name: "did you mean ...").
template <typename Root>
absl::StatusOr<const Root*> ParseRequest(absl::string_view json,
                                         const char* root_type,
                                         const char* what,
                                         flatbuffers::Parser* parser) {
  flatbuffers::Parser schema;
  if (!schema.Parse(kModelRequestSchema) || !schema.SetRootType(root_type)) {
    return absl::InternalError(schema.error_);
  }
  absl::Status strict = CheckStrictJson(json, schema, what);
  if (!strict.ok()) return strict;
  return ParseJsonAs<Root>(json, kModelRequestSchema, root_type, what, parser);
}

}  // namespace

std::string FieldNames::operator()(absl::string_view flag) const {
  if (from_file) return absl::StrReplaceAll(flag, {{"-", "_"}});
  return absl::StrCat("--", flag);
}

absl::StatusOr<std::vector<uint64_t>> RequiredList(
    const std::optional<std::vector<uint64_t>>& list, const FieldNames& name,
    absl::string_view flag) {
  if (list.has_value()) return *list;
  return absl::InvalidArgumentError(absl::StrCat(
      name(flag), name.from_file ? ": missing" : ": the list is empty"));
}

absl::StatusOr<NodeFields> ParseNodeRequestJson(absl::string_view json) {
  flatbuffers::Parser parser;
  absl::StatusOr<const modelrequest::NodeRequest*> root =
      ParseRequest<modelrequest::NodeRequest>(json, "NodeRequest",
                                              "node request JSON", &parser);
  if (!root.ok()) return root.status();
  NodeFields out;
  out.name.from_file = true;
  out.costs = ListOf((*root)->costs());
  out.counts = ListOf((*root)->counts());
  out.relays = ListOf((*root)->relays());
  out.node_costs = ListOf((*root)->node_costs());
  if ((*root)->source_type().has_value()) {
    out.source_type = *(*root)->source_type();
  }
  out.table = TextOf((*root)->table());
  out.profile = TextOf((*root)->profile());
  out.source_type_name = TextOf((*root)->source_type_name());
  out.counts_by_name.entries = NamedListOf((*root)->counts_by_name());
  out.relays_by_name.entries = NamedListOf((*root)->relays_by_name());
  return out;
}

absl::StatusOr<ClusterFields> ParseClusterRequestJson(absl::string_view json) {
  flatbuffers::Parser parser;
  absl::StatusOr<const modelrequest::ClusterRequest*> root =
      ParseRequest<modelrequest::ClusterRequest>(
          json, "ClusterRequest", "cluster request JSON", &parser);
  if (!root.ok()) return root.status();
  ClusterFields out;
  out.name.from_file = true;
  out.cluster_sizes = ListOf((*root)->cluster_sizes());
  out.degrees = ListOf((*root)->degrees());
  out.members = ListOf((*root)->members());
  if ((*root)->inter_cost().has_value())
    out.inter_cost = *(*root)->inter_cost();
  if ((*root)->matching().has_value()) out.matching = *(*root)->matching();
  out.postal = (*root)->postal();
  if ((*root)->cluster_names() != nullptr) {
    for (const flatbuffers::String* name : *(*root)->cluster_names()) {
      out.cluster_names.push_back(TextOf(name));
    }
  }
  return out;
}

}  // namespace hetcast
