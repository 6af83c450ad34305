// errors.cc: error classes, their texts and the per-thread last message.

#include "tools/mpi/errors.h"

#include <cstring>

#include "tools/mpi/hetcast_mpi.h"

namespace hetcast {
namespace mpi {
namespace {

thread_local std::string last_error;

const char* ClassText(int code) {
  switch (code) {
    case HETCAST_MPI_SUCCESS:
      return "success";
    case HETCAST_MPI_ERR_ARG:
      return "invalid argument";
    case HETCAST_MPI_ERR_COMM:
      return "invalid communicator (null, or a single rank)";
    case HETCAST_MPI_ERR_ROOT:
      return "root outside the communicator";
    case HETCAST_MPI_ERR_TYPE:
      return "a rank's node type or cluster is outside the model";
    case HETCAST_MPI_ERR_MISMATCH:
      return "ranks disagree on the table or the model parameters";
    case HETCAST_MPI_ERR_PLAN:
      return "the planner refused the request";
    case HETCAST_MPI_ERR_MPI:
      return "an MPI call failed";
    case HETCAST_MPI_ERR_CHANGED:
      return "this rank's type or table changed since they were gathered";
    case HETCAST_MPI_ERR_NO_MEM:
      return "out of memory";
    default:
      return "unknown error class";
  }
}

}  // namespace

int Fail(int code, const std::string& message) {
  last_error = message;
  return code;
}

int Succeed() {
  last_error.clear();
  return HETCAST_MPI_SUCCESS;
}

int CheckMpi(int mpi_result, const char* call) {
  if (mpi_result == MPI_SUCCESS) return HETCAST_MPI_SUCCESS;
  char text[MPI_MAX_ERROR_STRING];
  int length = 0;
  MPI_Error_string(mpi_result, text, &length);
  return Fail(HETCAST_MPI_ERR_MPI,
              std::string(call) + " failed: " + std::string(text, length));
}

int CheckDatatype(MPI_Datatype datatype) {
  if (datatype == MPI_DATATYPE_NULL) {
    return Fail(HETCAST_MPI_ERR_ARG, "the datatype is MPI_DATATYPE_NULL");
  }
  return HETCAST_MPI_SUCCESS;
}

}  // namespace mpi
}  // namespace hetcast

extern "C" {

int HETCAST_MPI_Error_string(int errorcode, char* string, int* resultlen) {
  if (string == nullptr || resultlen == nullptr) return HETCAST_MPI_ERR_ARG;
  const char* text = hetcast::mpi::ClassText(errorcode);
  const size_t length = strlen(text);
  memcpy(string, text, length + 1);
  *resultlen = static_cast<int>(length);
  return HETCAST_MPI_SUCCESS;
}

const char* HETCAST_MPI_Last_error(void) {
  return hetcast::mpi::last_error.c_str();
}

}  // extern "C"
