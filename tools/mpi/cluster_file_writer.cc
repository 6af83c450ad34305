// cluster_file_writer.cc: the cluster file's text (cluster_file_writer.h).

#include "tools/mpi/cluster_file_writer.h"

#include <cstdio>

#include "tools/mpi/cluster_file.h"

namespace hetcast {
namespace mpi {
namespace {

std::string Quoted(const std::string& text) {
  std::string out = "\"";
  for (unsigned char c : text) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += static_cast<char>(c);
    } else if (c < 0x20) {
      char escaped[8];
      std::snprintf(escaped, sizeof(escaped), "\\u%04x", c);
      out += escaped;
    } else {
      out += static_cast<char>(c);
    }
  }
  return out + "\"";
}

std::string Number(double value) {
  char text[64];
  std::snprintf(text, sizeof(text), "%.3f", value);
  return text;
}

std::string Numbers(const std::vector<double>& values) {
  std::string out = "[";
  for (size_t v = 0; v < values.size(); ++v) {
    out += (v ? ", " : "") + Number(values[v]);
  }
  return out + "]";
}

std::string Names(const std::vector<std::string>& names) {
  std::string out = "[";
  for (size_t n = 0; n < names.size(); ++n) {
    out += (n ? ", " : "") + Quoted(names[n]);
  }
  return out + "]";
}

std::string List(const std::vector<uint64_t>& values) {
  std::string out = "[";
  for (size_t t = 0; t < values.size(); ++t) {
    out += (t ? ", " : "") + std::to_string(values[t]);
  }
  return out + "]";
}

// A table's bytes as a JSON list, 24 to a line.
std::string Bytes(const std::string& bytes) {
  std::string out = "[";
  for (size_t b = 0; b < bytes.size(); ++b) {
    if (b > 0) out += b % 24 == 0 ? ",\n             " : ", ";
    out += std::to_string(static_cast<unsigned char>(bytes[b]));
  }
  return out + "]";
}

std::string RangeJson(const DraftRange& range) {
  std::string out = "{\"min_bytes\": " + std::to_string(range.min_bytes) +
                    ", \"max_bytes\": " + std::to_string(range.max_bytes) +
                    ", \"action\": \"" + (range.plan ? "plan" : "mpi") + "\"";
  if (!range.plan && !range.mpi_algorithm.empty()) {
    out += ", \"mpi_algorithm\": " + Quoted(range.mpi_algorithm);
  }
  if (range.plan && range.cluster) {
    out +=
        ", \"model\": \"cluster\", \"algorithm\": \"any\", \"inter_cost\": " +
        std::to_string(range.inter_cost) +
        ", \"segment_bytes\": " + std::to_string(range.segment_bytes) +
        ",\n            \"local_us\": " + Numbers(range.local_us) +
        ", \"inter_us\": " + Number(range.inter_us);
  } else if (range.plan && range.trees) {
    out +=
        ", \"model\": \"trees\", \"algorithm\": \"any\", \"segment_bytes\": " +
        std::to_string(range.segment_bytes) +
        ",\n            \"send_ps_per_byte\": " + List(range.send_ps_per_byte) +
        ",\n            \"receive_ps_per_byte\": " +
        List(range.receive_ps_per_byte);
    if (!range.uplink_ps_per_byte.empty()) {
      out += ",\n            \"uplink_ps_per_byte\": " +
             List(range.uplink_ps_per_byte);
    }
  } else if (range.plan) {
    const bool table = !range.table_data.empty();
    out += std::string(", \"model\": \"node\", \"algorithm\": \"") +
           (table ? "table" : "fnf") +
           "\", \"segment_bytes\": " + std::to_string(range.segment_bytes) +
           ", \"costs\": " + List(range.costs);
    if (table) {
      out +=
          ",\n            \"table_hash\": " + std::to_string(range.table_hash) +
          ", \"table_data\": " + Bytes(range.table_data);
    }
  }
  return out + ", \"predicted_us\": " + Number(range.predicted_us) +
         ", \"measured_us\": " + Number(range.measured_us) +
         ", \"mpi_us\": " + Number(range.mpi_us) + "}";
}

}  // namespace

bool SameRule(const DraftRange& a, const DraftRange& b) {
  if (a.plan != b.plan) return false;
  if (!a.plan) return a.mpi_algorithm == b.mpi_algorithm;
  return (a.trees == b.trees && a.cluster == b.cluster &&
          a.segment_bytes == b.segment_bytes && a.costs == b.costs &&
          a.table_data == b.table_data &&
          a.send_ps_per_byte == b.send_ps_per_byte &&
          a.receive_ps_per_byte == b.receive_ps_per_byte &&
          a.uplink_ps_per_byte == b.uplink_ps_per_byte &&
          a.inter_cost == b.inter_cost);
}

std::vector<DraftRange> MergeRanges(const std::vector<DraftRange>& ranges) {
  std::vector<DraftRange> merged;
  for (const DraftRange& range : ranges) {
    if (!merged.empty() && merged.back().max_bytes + 1 == range.min_bytes &&
        SameRule(merged.back(), range)) {
      const uint64_t min_bytes = merged.back().min_bytes;
      merged.back() = range;
      merged.back().min_bytes = min_bytes;
    } else {
      merged.push_back(range);
    }
  }
  return merged;
}

std::string ClusterFileJson(const ClusterFileDraft& draft) {
  std::string out = "{\"version\": " + std::to_string(kClusterFileVersion) +
                    ",\n \"name\": " + Quoted(draft.name) + ",\n \"types\": [";
  for (size_t t = 0; t < draft.types.size(); ++t) {
    out += std::string(t ? ",\n           " : "") +
           "{\"name\": " + Quoted(draft.types[t].name) +
           ", \"cost\": " + std::to_string(draft.types[t].cost) + "}";
  }
  out += "],\n \"hosts\": [";
  bool first = true;
  for (const DraftType& type : draft.types) {
    for (const std::string& host : type.hosts) {
      out += std::string(first ? "" : ",\n           ") +
             "{\"name\": " + Quoted(host) + ", \"type\": " + Quoted(type.name) +
             "}";
      first = false;
    }
  }
  if (!draft.clusters.empty()) {
    out += "],\n \"clusters\": [";
    for (size_t c = 0; c < draft.clusters.size(); ++c) {
      out += std::string(c ? ",\n              " : "") +
             "{\"name\": " + Quoted(draft.clusters[c].name) +
             ", \"hosts\": " + Names(draft.clusters[c].hosts) + "}";
    }
  }
  out += "],\n \"sizes\": [";
  for (size_t s = 0; s < draft.sizes.size(); ++s) {
    out += (s ? ",\n           " : "") + RangeJson(draft.sizes[s]);
  }
  return out + "]}\n";
}

}  // namespace mpi
}  // namespace hetcast
