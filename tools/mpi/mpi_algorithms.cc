// mpi_algorithms.cc: see mpi_algorithms.h.

#include "tools/mpi/mpi_algorithms.h"

#include <cstdlib>
#include <cstring>
#include <string>

namespace hetcast {
namespace mpi {

void AllowMpiAlgorithmChoice() {
  setenv("OMPI_MCA_coll_tuned_use_dynamic_rules", "1", /*overwrite=*/0);
}

const MpiAlgorithm* FindMpiAlgorithm(const MpiAlgorithms& algorithms,
                                     const std::string& name) {
  for (const MpiAlgorithm& algorithm : algorithms.list) {
    if (algorithm.name == name) return &algorithm;
  }
  return nullptr;
}

#ifdef SMPI_H  // SimGrid SMPI: no MPI_T control variables.

MpiAlgorithms FindMpiAlgorithms() {
  MpiAlgorithms none;
  none.why_none = "SimGrid SMPI has no MPI_T control variables";
  return none;
}

int CommForAlgorithm(const MpiAlgorithms&, const MpiAlgorithm&, MPI_Comm,
                     MPI_Comm*) {
  return MPI_ERR_OTHER;
}

#else

namespace {

constexpr char kOpenMpiVariable[] = "coll_tuned_bcast_algorithm";
constexpr char kOpenMpiDynamicRules[] = "coll_tuned_use_dynamic_rules";

// MPI_T between MPI_T_init_thread and MPI_T_finalize. Open MPI 4.1 crashes
// in an MPI_T_finalize after MPI_Finalize, so every use is a session of
// its own while MPI is initialized.
class ToolSession {
 public:
  ToolSession() {
    int provided = 0;
    ok_ = MPI_T_init_thread(MPI_THREAD_SINGLE, &provided) == MPI_SUCCESS;
  }
  ~ToolSession() {
    if (ok_) MPI_T_finalize();
  }
  bool ok() const { return ok_; }

 private:
  bool ok_ = false;
};

// A control variable of one int, bound to no object; -1 when there is none.
int IntVariable(const char* name) {
  int index = -1;
  if (MPI_T_cvar_get_index(name, &index) != MPI_SUCCESS) return -1;
  return index;
}

// Reads (and with `write`, then writes `value` to) the int variable
// `index`; *old gets the value read.
bool AccessInt(int index, bool write, int value, int* old) {
  MPI_T_cvar_handle handle;
  int count = 0;
  if (MPI_T_cvar_handle_alloc(index, nullptr, &handle, &count) != MPI_SUCCESS) {
    return false;
  }
  int read[4] = {0, 0, 0, 0};  // a bool variable fills fewer bytes
  bool ok = count == 1 && MPI_T_cvar_read(handle, read) == MPI_SUCCESS;
  if (ok && write) ok = MPI_T_cvar_write(handle, &value) == MPI_SUCCESS;
  MPI_T_cvar_handle_free(&handle);
  if (ok && old != nullptr) *old = read[0];
  return ok;
}

// Writes `value` to the variable `name`; *old gets its value before.
bool WriteInt(const char* name, int value, int* old) {
  const int index = IntVariable(name);
  return index >= 0 && AccessInt(index, /*write=*/true, value, old);
}

// The MPI_T enum of variable `index`'s values (MPI_T_ENUM_NULL: none).
MPI_T_enum EnumOf(int index) {
  char name[256], text[256];
  int name_length = sizeof(name), text_length = sizeof(text);
  int verbosity = 0, bind = 0, scope = 0;
  MPI_Datatype datatype;
  MPI_T_enum enumtype = MPI_T_ENUM_NULL;
  if (MPI_T_cvar_get_info(index, name, &name_length, &verbosity, &datatype,
                          &enumtype, text, &text_length, &bind,
                          &scope) != MPI_SUCCESS) {
    return MPI_T_ENUM_NULL;
  }
  return enumtype;
}

MpiAlgorithms None(const std::string& why) {
  MpiAlgorithms none;
  none.why_none = why;
  return none;
}

// MPICH 4.0.2 takes its broadcast algorithm (MPIR_CVAR_BCAST_INTRA_ALGORITHM)
// and whether the device chooses (MPIR_CVAR_DEVICE_COLLECTIVES) from the
// environment at MPI_Init: MPI_T writes of either succeed but change no
// later MPI_Bcast (measured on tools/netcluster's cluster4, 4 hosts, 2 MiB:
// the root sent 2.05 x the message with scatter_ring_allgather written, as
// with binomial and the default, also with the device's collectives off in
// the environment; set in the environment instead, scatter_ring_allgather
// sent 1.56 x).
MpiAlgorithms FindMpich() {
  return None(
      "MPICH reads its broadcast algorithm at MPI_Init only "
      "(MPIR_CVAR_BCAST_INTRA_ALGORITHM in the environment)");
}

MpiAlgorithms FindOpenMpi() {
  const int index = IntVariable(kOpenMpiVariable);
  const int rules = IntVariable(kOpenMpiDynamicRules);
  int dynamic = 0;
  if (index < 0 || rules < 0) {
    return None(std::string("Open MPI has no control variable ") +
                kOpenMpiVariable + " (its coll tuned component)");
  }
  if (!AccessInt(rules, /*write=*/false, 0, &dynamic) || dynamic == 0) {
    return None(std::string(kOpenMpiDynamicRules) +
                " is off: set OMPI_MCA_coll_tuned_use_dynamic_rules=1 before "
                "MPI_Init");
  }
  const MPI_T_enum items = EnumOf(index);
  int count = 0;
  char enum_name[256];
  int enum_length = sizeof(enum_name);
  if (items == MPI_T_ENUM_NULL ||
      MPI_T_enum_get_info(items, &count, enum_name, &enum_length) !=
          MPI_SUCCESS) {
    return None(std::string(kOpenMpiVariable) + " has no MPI_T enum");
  }
  MpiAlgorithms found;
  found.variable = kOpenMpiVariable;
  for (int i = 0; i < count; ++i) {
    int value = 0;
    char name[256];
    int length = sizeof(name);
    if (MPI_T_enum_get_item(items, i, &value, name, &length) != MPI_SUCCESS) {
      continue;
    }
    // 0 ("ignore") leaves the choice to the library: its default.
    if (value != 0) found.list.push_back({std::string(name), value});
  }
  return found;
}

}  // namespace

MpiAlgorithms FindMpiAlgorithms() {
  char version[MPI_MAX_LIBRARY_VERSION_STRING];
  int length = 0;
  PMPI_Get_library_version(version, &length);
  const std::string library(version, strnlen(version, sizeof(version)));
  ToolSession session;
  if (!session.ok()) return None("MPI_T_init_thread failed");
  if (library.rfind("Open MPI", 0) == 0) return FindOpenMpi();
  if (library.find("MPICH") != std::string::npos) return FindMpich();
  return None("the MPI library is neither MPICH nor Open MPI (" +
              library.substr(0, library.find('\n')) + ")");
}

int CommForAlgorithm(const MpiAlgorithms& algorithms,
                     const MpiAlgorithm& algorithm, MPI_Comm comm,
                     MPI_Comm* chosen) {
  ToolSession session;
  int old = 0;
  if (algorithms.list.empty() || !session.ok() ||
      !WriteInt(algorithms.variable.c_str(), algorithm.value, &old)) {
    return MPI_ERR_OTHER;
  }
  const int code = PMPI_Comm_dup(comm, chosen);
  WriteInt(algorithms.variable.c_str(), old, nullptr);
  return code;
}

#endif  // SMPI_H

}  // namespace mpi
}  // namespace hetcast
