// cluster_file.cc: parsing and checking the cluster file (cluster_file.h).

#include "tools/mpi/cluster_file.h"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>

#include "flatbuffers/flatbuffers.h"
#include "flatbuffers/idl.h"
#include "tables/cluster_file_generated.h"
#include "tables/cluster_file_schema.h"
#include "tools/mpi/degree_tree.h"
#include "tools/parsed_json_verifier.h"

namespace hetcast {
namespace mpi {
namespace {

// Decimal numbers of a host range have at most this many digits (below
// 2^63, so the value never overflows).
constexpr size_t kMaxRangeDigits = 18;

std::string Quoted(const std::string& text) { return "'" + text + "'"; }

bool Refuse(std::string* error, const std::string& message) {
  *error = message;
  return false;
}

bool AllDigits(const std::string& text) {
  return !text.empty() && text.size() <= kMaxRangeDigits &&
         std::all_of(text.begin(), text.end(),
                     [](char c) { return c >= '0' && c <= '9'; });
}

bool ReadBytes(const std::string& path, std::string* bytes,
               std::string* error) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    return Refuse(error, "cannot read " + path + ": " + std::strerror(errno));
  }
  std::ostringstream text;
  text << in.rdbuf();
  if (in.bad()) return Refuse(error, "cannot read " + path);
  *bytes = text.str();
  return true;
}

// "prefix[LOW-HIGH]suffix" or an exact name (no brackets).
bool ParseHostPattern(const std::string& where, const std::string& text,
                      HostPattern* pattern, std::string* error) {
  pattern->text = text;
  const std::string at = where + " (" + Quoted(text) + ")";
  const size_t open = text.find('[');
  const size_t close = text.find(']');
  if (open == std::string::npos && close == std::string::npos) {
    if (text.empty()) return Refuse(error, where + ": the name is empty");
    pattern->prefix = text;
    return true;
  }
  if (open == std::string::npos || close == std::string::npos || close < open ||
      text.find_first_of("[]", close + 1) != std::string::npos ||
      text.find('[', open + 1) < close) {
    return Refuse(error, at + ": a name has at most one range, written "
                              "[LOW-HIGH]");
  }
  const std::string inside = text.substr(open + 1, close - open - 1);
  const size_t dash = inside.find('-');
  const std::string low = inside.substr(0, dash);
  const std::string high =
      dash == std::string::npos ? "" : inside.substr(dash + 1);
  if (!AllDigits(low) || !AllDigits(high)) {
    return Refuse(error, at + ": the range must be LOW-HIGH, decimal numbers "
                              "of 1 to 18 digits");
  }
  pattern->range = true;
  pattern->prefix = text.substr(0, open);
  pattern->suffix = text.substr(close + 1);
  pattern->low = std::stoull(low);
  pattern->high = std::stoull(high);
  pattern->width = low.size() > 1 && low[0] == '0' ? low.size() : 0;
  if (pattern->low > pattern->high) {
    return Refuse(error, at + ": the range's low bound " + low +
                             " is above its high bound " + high);
  }
  if (pattern->width > 0 && high.size() != pattern->width) {
    return Refuse(error, at + ": with leading zeros both bounds need " +
                             std::to_string(pattern->width) + " digits");
  }
  return true;
}

bool Matches(const HostPattern& pattern, const std::string& host) {
  if (!pattern.range) return host == pattern.prefix;
  const size_t fixed = pattern.prefix.size() + pattern.suffix.size();
  if (host.size() <= fixed ||
      host.compare(0, pattern.prefix.size(), pattern.prefix) != 0 ||
      host.compare(host.size() - pattern.suffix.size(), std::string::npos,
                   pattern.suffix) != 0) {
    return false;
  }
  const std::string number =
      host.substr(pattern.prefix.size(), host.size() - fixed);
  if (!AllDigits(number)) return false;
  if (pattern.width > 0 ? number.size() != pattern.width
                        : number.size() > 1 && number[0] == '0') {
    return false;
  }
  const uint64_t value = std::stoull(number);
  return value >= pattern.low && value <= pattern.high;
}

bool ReadTypes(const cluster::ClusterFile& root, ClusterFile* out,
               std::vector<uint64_t>* costs, std::string* error) {
  if (root.types() == nullptr || root.types()->size() == 0) {
    return Refuse(error, "types: the file names no node type");
  }
  for (flatbuffers::uoffset_t t = 0; t < root.types()->size(); ++t) {
    const cluster::NodeType* type = root.types()->Get(t);
    const std::string where = "types[" + std::to_string(t) + "]";
    const std::string name = type->name() ? type->name()->str() : "";
    if (name.empty()) return Refuse(error, where + ": the name is missing");
    if (std::find(out->type_names.begin(), out->type_names.end(), name) !=
        out->type_names.end()) {
      return Refuse(error, where + ": type " + Quoted(name) + " is repeated");
    }
    if (type->cost() == 0) {
      return Refuse(error, where + " (" + Quoted(name) +
                               "): cost is missing or 0; it must be at "
                               "least 1 tick");
    }
    out->type_names.push_back(name);
    costs->push_back(type->cost());
  }
  return true;
}

bool ReadHosts(const cluster::ClusterFile& root, ClusterFile* out,
               std::string* error) {
  if (root.hosts() == nullptr || root.hosts()->size() == 0) {
    return Refuse(error, "hosts: the file names no host");
  }
  for (flatbuffers::uoffset_t h = 0; h < root.hosts()->size(); ++h) {
    const cluster::Host* host = root.hosts()->Get(h);
    const std::string where = "hosts[" + std::to_string(h) + "]";
    HostPattern pattern;
    if (!ParseHostPattern(where, host->name() ? host->name()->str() : "",
                          &pattern, error)) {
      return false;
    }
    const std::string type = host->type() ? host->type()->str() : "";
    const auto found =
        std::find(out->type_names.begin(), out->type_names.end(), type);
    if (found == out->type_names.end()) {
      return Refuse(error, where + " (" + Quoted(pattern.text) + "): type " +
                               Quoted(type) + " is not an entry of types");
    }
    pattern.type = static_cast<size_t>(found - out->type_names.begin());
    out->hosts.push_back(std::move(pattern));
  }
  return true;
}

// "clusters" (optional): names, each with at least one host pattern.
bool ReadClusters(const cluster::ClusterFile& root, ClusterFile* out,
                  std::string* error) {
  if (root.clusters() == nullptr) return true;
  if (root.clusters()->size() == 0) {
    return Refuse(error,
                  "clusters: the list is empty (leave it out when "
                  "the hosts form no clusters)");
  }
  for (flatbuffers::uoffset_t c = 0; c < root.clusters()->size(); ++c) {
    const cluster::Cluster* entry = root.clusters()->Get(c);
    const std::string where = "clusters[" + std::to_string(c) + "]";
    const std::string name = entry->name() ? entry->name()->str() : "";
    if (name.empty()) return Refuse(error, where + ": the name is missing");
    if (std::find(out->cluster_names.begin(), out->cluster_names.end(), name) !=
        out->cluster_names.end()) {
      return Refuse(error,
                    where + ": cluster " + Quoted(name) + " is repeated");
    }
    if (entry->hosts() == nullptr || entry->hosts()->size() == 0) {
      return Refuse(error, where + " (" + Quoted(name) + "): hosts is empty");
    }
    for (flatbuffers::uoffset_t h = 0; h < entry->hosts()->size(); ++h) {
      HostPattern pattern;
      if (!ParseHostPattern(where + ".hosts[" + std::to_string(h) + "]",
                            entry->hosts()->Get(h)->str(), &pattern, error)) {
        return false;
      }
      pattern.type = out->cluster_names.size();
      out->cluster_hosts.push_back(std::move(pattern));
    }
    out->cluster_names.push_back(name);
  }
  return true;
}

hetcast_algorithm AlgorithmOf(cluster::Algorithm algorithm) {
  switch (algorithm) {
    case cluster::Algorithm_fnf:
      return HETCAST_ALGORITHM_FNF;
    case cluster::Algorithm_table:
      return HETCAST_ALGORITHM_TABLE;
    case cluster::Algorithm_ptas:
      return HETCAST_ALGORITHM_PTAS;
    case cluster::Algorithm_lcf:
      return HETCAST_ALGORITHM_LCF;
    case cluster::Algorithm_eager_lcf:
      return HETCAST_ALGORITHM_EAGER_LCF;
    default:
      return HETCAST_ALGORITHM_NONE;
  }
}

bool IsClusterAlgorithm(cluster::Algorithm algorithm) {
  return algorithm == cluster::Algorithm_lcf ||
         algorithm == cluster::Algorithm_eager_lcf;
}

// The range's table, from its path or its bytes, checked against its hash.
bool ReadTable(const std::string& where, const cluster::SizeRange& range,
               const std::string& folder, SizeRule* rule, uint64_t* hash,
               std::string* error) {
  const bool has_path = range.table_path() && range.table_path()->size() > 0;
  const bool has_data = range.table_data() && range.table_data()->size() > 0;
  if (!has_path && !has_data) return true;
  if (has_path && has_data) {
    return Refuse(error, where + ": give table_path or table_data, not both");
  }
  std::string bytes;
  if (has_data) {
    bytes.assign(reinterpret_cast<const char*>(range.table_data()->data()),
                 range.table_data()->size());
  } else {
    std::string path = range.table_path()->str();
    if (path[0] != '/' && !folder.empty()) path = folder + "/" + path;
    if (!ReadBytes(path, &bytes, error)) {
      *error = where + ": table_path: " + *error;
      return false;
    }
  }
  auto table = std::make_shared<OpenedTable>();
  table->words.resize((bytes.size() + 7) / 8);
  std::memcpy(table->words.data(), bytes.data(), bytes.size());
  const char* why = nullptr;
  if (hetcast_table_open(table->words.data(), bytes.size(), &table->table,
                         &why) != HETCAST_OK) {
    return Refuse(error, where + ": the table does not open: " +
                             (why ? why : "invalid table"));
  }
  const uint64_t actual = hetcast_table_hash(&table->table);
  if (actual != range.table_hash()) {
    return Refuse(
        error, where + ": table_hash is " + std::to_string(range.table_hash()) +
                   " but the table's hash is " + std::to_string(actual));
  }
  *hash = Fnv1a(*hash, bytes.data(), bytes.size());
  rule->table = std::move(table);
  return true;
}

// One entry per `what` (`count` of them), each in 1 .. 2^40; `name` for
// messages.
bool ReadRates(const std::string& where, const char* name,
               const flatbuffers::Vector<uint64_t>* rates, size_t count,
               const char* what, std::vector<uint64_t>* out,
               std::string* error) {
  if (rates == nullptr || rates->size() != count) {
    return Refuse(error, where + ": model trees needs " + name + " with " +
                             std::to_string(count) + " entries (one per " +
                             what + ")");
  }
  for (flatbuffers::uoffset_t t = 0; t < rates->size(); ++t) {
    if (rates->Get(t) < 1 || rates->Get(t) > kMaxLinkValue) {
      return Refuse(error, where + ": " + name + "[" + std::to_string(t) +
                               "] is " + std::to_string(rates->Get(t)) +
                               "; it must be 1 .. 2^40 ps per byte");
    }
    out->push_back(rates->Get(t));
  }
  return true;
}

// Model trees' optional uplinks: one per cluster of the file.
bool ReadUplinks(const std::string& where, const cluster::SizeRange& range,
                 size_t clusters, SizeRule* rule, std::string* error) {
  const auto* uplinks = range.uplink_ps_per_byte();
  if (uplinks == nullptr) return true;
  if (clusters == 0) {
    return Refuse(error, where +
                             ": uplink_ps_per_byte needs the file's clusters "
                             "(each cluster a site behind its uplink)");
  }
  return ReadRates(where, "uplink_ps_per_byte", uplinks, clusters, "cluster",
                   &rule->uplink_ps_per_byte, error);
}

// A range of model trees: its rates, uplinks, segments and algorithm.
bool ReadTrees(const std::string& where, const cluster::SizeRange& range,
               size_t types, size_t clusters, SizeRule* rule,
               std::string* error) {
  rule->trees = true;
  if (range.algorithm() != cluster::Algorithm_any) {
    return Refuse(error, where +
                             ": model trees plans its own tree; algorithm "
                             "must be any, not " +
                             cluster::EnumNameAlgorithm(range.algorithm()));
  }
  if (rule->plan && rule->segment_bytes == 0) {
    return Refuse(error, where + ": model trees needs segment_bytes >= 1");
  }
  return ReadRates(where, "send_ps_per_byte", range.send_ps_per_byte(), types,
                   "type", &rule->send_ps_per_byte, error) &&
         ReadRates(where, "receive_ps_per_byte", range.receive_ps_per_byte(),
                   types, "type", &rule->receive_ps_per_byte, error) &&
         ReadUplinks(where, range, clusters, rule, error);
}

// A range of model cluster: its C, algorithm and the clusters' figures.
bool ReadClusterModel(const std::string& where, const cluster::SizeRange& range,
                      size_t clusters, SizeRule* rule, std::string* error) {
  rule->cluster = true;
  rule->cluster_count = clusters;
  if (clusters == 0) {
    return Refuse(error, where + ": model cluster needs the file's clusters");
  }
  if (range.algorithm() != cluster::Algorithm_any &&
      !IsClusterAlgorithm(range.algorithm())) {
    return Refuse(error, where + ": algorithm " +
                             cluster::EnumNameAlgorithm(range.algorithm()) +
                             " is not the cluster model's (any, lcf or "
                             "eager_lcf)");
  }
  if (range.inter_cost() == 0) {
    return Refuse(error, where +
                             ": model cluster needs inter_cost (the cost of "
                             "a transfer between clusters, at least 1)");
  }
  rule->inter_cost = range.inter_cost();
  rule->inter_us = range.inter_us();
  if (range.local_us() && range.local_us()->size() > 0) {
    if (range.local_us()->size() != clusters) {
      return Refuse(error, where + ": local_us has " +
                               std::to_string(range.local_us()->size()) +
                               " entries; clusters has " +
                               std::to_string(clusters));
    }
    rule->local_us.assign(range.local_us()->begin(), range.local_us()->end());
  }
  return true;
}

// An "mpi" range's MPI algorithm: a name of 1 .. 64 letters, digits and
// underscores (the libraries' own names are).
bool ReadMpiAlgorithm(const std::string& where, const flatbuffers::String& name,
                      SizeRule* rule, std::string* error) {
  if (rule->plan) {
    return Refuse(error, where +
                             ": mpi_algorithm names the MPI library's "
                             "algorithm of action mpi; action is plan");
  }
  rule->mpi_algorithm = name.str();
  const bool letters = std::all_of(
      rule->mpi_algorithm.begin(), rule->mpi_algorithm.end(), [](char c) {
        return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
      });
  if (rule->mpi_algorithm.empty() || rule->mpi_algorithm.size() > 64 ||
      !letters) {
    return Refuse(error, where + ": mpi_algorithm \"" +
                             rule->mpi_algorithm.substr(0, 64) +
                             "\" is not an algorithm's name (1 to 64 "
                             "letters, digits and underscores)");
  }
  return true;
}

bool ReadRange(const std::string& where, const cluster::SizeRange& range,
               const std::vector<uint64_t>& type_costs, size_t clusters,
               const std::string& folder, SizeRule* rule, uint64_t* hash,
               std::string* error) {
  rule->min_bytes = range.min_bytes();
  rule->max_bytes = range.max_bytes();
  if (rule->min_bytes > rule->max_bytes) {
    return Refuse(error,
                  where + ": min_bytes " + std::to_string(rule->min_bytes) +
                      " is above max_bytes " + std::to_string(rule->max_bytes));
  }
  if (range.action() == cluster::Action_unset) {
    return Refuse(error, where + ": action is missing (\"plan\" or \"mpi\")");
  }
  rule->plan = range.action() == cluster::Action_plan;
  if (range.mpi_algorithm() &&
      !ReadMpiAlgorithm(where, *range.mpi_algorithm(), rule, error)) {
    return false;
  }
  rule->algorithm = AlgorithmOf(range.algorithm());
  rule->segment_bytes = range.segment_bytes();
  rule->predicted_us = range.predicted_us();
  rule->measured_us = range.measured_us();
  rule->mpi_us = range.mpi_us();
  rule->costs = type_costs;
  if (range.costs() && range.costs()->size() > 0) {
    if (range.costs()->size() != type_costs.size()) {
      return Refuse(error, where + ": costs has " +
                               std::to_string(range.costs()->size()) +
                               " entries; types has " +
                               std::to_string(type_costs.size()));
    }
    for (flatbuffers::uoffset_t t = 0; t < range.costs()->size(); ++t) {
      if (range.costs()->Get(t) == 0) {
        return Refuse(error, where + ": costs[" + std::to_string(t) +
                                 "] is 0; costs are at least 1 tick");
      }
      rule->costs[t] = range.costs()->Get(t);
    }
  }
  if (range.model() == cluster::Model_trees &&
      !ReadTrees(where, range, type_costs.size(), clusters, rule, error)) {
    return false;
  }
  if (range.model() == cluster::Model_cluster &&
      !ReadClusterModel(where, range, clusters, rule, error)) {
    return false;
  }
  if (range.model() != cluster::Model_trees &&
      range.uplink_ps_per_byte() != nullptr) {
    return Refuse(error, where +
                             ": uplink_ps_per_byte is model trees'; model "
                             "is " +
                             cluster::EnumNameModel(range.model()));
  }
  if (range.model() != cluster::Model_cluster &&
      IsClusterAlgorithm(range.algorithm())) {
    return Refuse(error, where + ": algorithm " +
                             cluster::EnumNameAlgorithm(range.algorithm()) +
                             " is the cluster model's; model is " +
                             cluster::EnumNameModel(range.model()));
  }
  if (!ReadTable(where, range, folder, rule, hash, error)) return false;
  if (rule->plan && !rule->table &&
      (rule->algorithm == HETCAST_ALGORITHM_TABLE ||
       rule->algorithm == HETCAST_ALGORITHM_PTAS)) {
    return Refuse(error, where + ": algorithm " +
                             cluster::EnumNameAlgorithm(range.algorithm()) +
                             " needs a table (table_path or table_data)");
  }
  return true;
}

bool ReadSizes(const cluster::ClusterFile& root, const std::string& folder,
               const std::vector<uint64_t>& type_costs, ClusterFile* out,
               std::string* error) {
  if (root.sizes() == nullptr) return true;
  std::vector<std::pair<SizeRule, std::string>> rules;
  for (flatbuffers::uoffset_t s = 0; s < root.sizes()->size(); ++s) {
    const std::string where = "sizes[" + std::to_string(s) + "]";
    if (root.version() < 3 && root.sizes()->Get(s)->mpi_algorithm()) {
      return Refuse(error, where +
                               ": mpi_algorithm is new in version 3; "
                               "the file says version " +
                               std::to_string(root.version()));
    }
    SizeRule rule;
    if (!ReadRange(where, *root.sizes()->Get(s), type_costs,
                   out->cluster_names.size(), folder, &rule, &out->hash,
                   error)) {
      return false;
    }
    rules.emplace_back(std::move(rule), where);
  }
  std::stable_sort(rules.begin(), rules.end(),
                   [](const auto& a, const auto& b) {
                     return a.first.min_bytes < b.first.min_bytes;
                   });
  for (size_t s = 1; s < rules.size(); ++s) {
    const SizeRule& before = rules[s - 1].first;
    const SizeRule& rule = rules[s].first;
    if (rule.min_bytes <= before.max_bytes) {
      return Refuse(error, rules[s].second + " [" +
                               std::to_string(rule.min_bytes) + ", " +
                               std::to_string(rule.max_bytes) + "] overlaps " +
                               rules[s - 1].second + " [" +
                               std::to_string(before.min_bytes) + ", " +
                               std::to_string(before.max_bytes) + "]");
    }
  }
  for (auto& rule : rules) out->sizes.push_back(std::move(rule.first));
  return true;
}

}  // namespace

uint64_t Fnv1a(uint64_t hash, const void* data, size_t size) {
  const unsigned char* bytes = static_cast<const unsigned char*>(data);
  for (size_t i = 0; i < size; ++i) {
    hash = (hash ^ bytes[i]) * 0x100000001b3ull;
  }
  return hash;
}

bool ParseClusterFile(const std::string& json, const std::string& folder,
                      ClusterFile* out, std::string* error) {
  *out = ClusterFile();
  flatbuffers::IDLOptions options;
  options.strict_json = false;  // unquoted keys, as flatc accepts
  flatbuffers::Parser parser(options);
  if (!parser.Parse(kClusterFileSchema) || !parser.SetRootType("ClusterFile")) {
    return Refuse(error,
                  "the cluster file schema does not parse: " + parser.error_);
  }
  if (!parser.Parse(json.c_str())) {
    return Refuse(error, "not a cluster file: " + parser.error_);
  }
  flatbuffers::Verifier verifier = ParsedJsonVerifier(parser.builder_);
  if (!cluster::VerifyClusterFileBuffer(verifier)) {
    return Refuse(error, "not a cluster file: not a ClusterFile object");
  }
  const cluster::ClusterFile& root =
      *cluster::GetClusterFile(parser.builder_.GetBufferPointer());
  if (root.version() < 1 || root.version() > kClusterFileVersion) {
    return Refuse(error, "version is " + std::to_string(root.version()) +
                             (root.version() == 0 ? " (missing)" : "") +
                             "; this library reads versions 1 to " +
                             std::to_string(kClusterFileVersion));
  }
  if (root.version() == 1 && root.clusters() != nullptr) {
    return Refuse(error, "clusters: version 1 has no clusters; write version " +
                             std::to_string(kClusterFileVersion));
  }
  if (root.name()) out->name = root.name()->str();
  out->hash = Fnv1a(kFnvOffset, json.data(), json.size());
  std::vector<uint64_t> costs;
  return ReadTypes(root, out, &costs, error) && ReadHosts(root, out, error) &&
         ReadClusters(root, out, error) &&
         ReadSizes(root, folder, costs, out, error);
}

bool ReadClusterFile(const std::string& path, ClusterFile* out,
                     std::string* error) {
  std::string text;
  if (!ReadBytes(path, &text, error)) return false;
  const size_t slash = path.rfind('/');
  const std::string folder =
      slash == std::string::npos ? "" : path.substr(0, slash == 0 ? 1 : slash);
  if (!ParseClusterFile(text, folder, out, error)) {
    *error = path + ": " + *error;
    return false;
  }
  return true;
}

namespace {

// The entry of `names` that the patterns matching `host` (its full name,
// else its short name) name; `what` ("type", "cluster") and `list`
// ("hosts", "clusters") for messages.
bool IndexOfHost(const std::vector<HostPattern>& patterns,
                 const std::vector<std::string>& names, const char* what,
                 const char* list, const std::string& host, size_t* index,
                 std::string* error) {
  const std::string short_name = host.substr(0, host.find('.'));
  for (const std::string& name : {host, short_name}) {
    const HostPattern* first = nullptr;
    for (const HostPattern& pattern : patterns) {
      if (!Matches(pattern, name)) continue;
      if (first != nullptr && first->type != pattern.type) {
        return Refuse(error, "host " + Quoted(name) + " matches " +
                                 Quoted(first->text) + " (" + what + " " +
                                 Quoted(names[first->type]) + ") and " +
                                 Quoted(pattern.text) + " (" + what + " " +
                                 Quoted(names[pattern.type]) + ")");
      }
      if (first == nullptr) first = &pattern;
    }
    if (first != nullptr) {
      *index = first->type;
      return true;
    }
  }
  return Refuse(error, "host " + Quoted(host) + " matches no entry of " + list);
}

}  // namespace

bool TypeOfHost(const ClusterFile& file, const std::string& host, size_t* type,
                std::string* error) {
  return IndexOfHost(file.hosts, file.type_names, "type", "hosts", host, type,
                     error);
}

bool ClusterOfHost(const ClusterFile& file, const std::string& host,
                   size_t* cluster, std::string* error) {
  *cluster = 0;
  if (file.cluster_names.empty()) return true;
  return IndexOfHost(file.cluster_hosts, file.cluster_names, "cluster",
                     "clusters", host, cluster, error);
}

const SizeRule* RuleForSize(const ClusterFile& file, uint64_t bytes) {
  for (const SizeRule& rule : file.sizes) {
    if (bytes >= rule.min_bytes && bytes <= rule.max_bytes) return &rule;
  }
  return nullptr;
}

}  // namespace mpi
}  // namespace hetcast
