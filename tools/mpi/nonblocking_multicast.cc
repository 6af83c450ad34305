// nonblocking_multicast.cc: HETCAST_MPI_Multicast_multi, the multicasts of
// the non-blocking model (Wu, Yeh & Liu), several sources at once. Each rank
// runs the task list the planner gives it, in order: a send is an MPI_Isend
// (the model's sends do not block the sender), a receive a blocking MPI_Recv;
// the rank then waits for its sends to finish.

#include <climits>
#include <string>
#include <vector>

#include "tools/mpi/errors.h"
#include "tools/mpi/hetcast_mpi.h"

namespace hetcast {
namespace mpi {
namespace {

int CheckMultiArguments(void* const* buffers,
                        const hetcast_nonblocking_request* request,
                        MPI_Comm comm, int* rank) {
  if (comm == MPI_COMM_NULL) {
    return Fail(HETCAST_MPI_ERR_COMM, "the communicator is MPI_COMM_NULL");
  }
  int size = 0;
  MPI_Comm_size(comm, &size);
  MPI_Comm_rank(comm, rank);
  if (size < 2) {
    return Fail(HETCAST_MPI_ERR_COMM,
                "the communicator has 1 rank; a multicast needs at least 2");
  }
  if (request == nullptr || request->node_count != static_cast<size_t>(size)) {
    return Fail(HETCAST_MPI_ERR_ARG,
                "the request's node_count must equal the communicator's size " +
                    std::to_string(size));
  }
  if (request->message_count != 0 && request->messages == nullptr) {
    return Fail(HETCAST_MPI_ERR_ARG, "the request's messages are NULL");
  }
  for (size_t k = 0; k < request->message_count; ++k) {
    if (request->messages[k].length == 0 ||
        request->messages[k].length > static_cast<uint64_t>(INT_MAX)) {
      return Fail(HETCAST_MPI_ERR_ARG, "message " + std::to_string(k) +
                                           "'s length must be 1 .. INT_MAX");
    }
  }
  if (request->message_count > 32767) {  // MPI guarantees tags up to 32767
    return Fail(HETCAST_MPI_ERR_ARG, "more than 32767 messages");
  }
  if (buffers == nullptr) return Fail(HETCAST_MPI_ERR_ARG, "buffers is NULL");
  return HETCAST_MPI_SUCCESS;
}

int RunTasks(void* const* buffers, MPI_Datatype datatype,
             const hetcast_nonblocking_request& request, MPI_Comm comm,
             const hetcast_nonblocking_task* tasks, size_t task_count) {
  std::vector<MPI_Request> sends;
  for (size_t t = 0; t < task_count; ++t) {
    const hetcast_nonblocking_task& task = tasks[t];
    void* buffer = buffers[task.message];
    const int count = static_cast<int>(request.messages[task.message].length);
    const int tag = static_cast<int>(task.message);
    if (buffer == nullptr) {
      return Fail(HETCAST_MPI_ERR_ARG, "buffers[" +
                                           std::to_string(task.message) +
                                           "] is NULL on a rank that needs it");
    }
    int result;
    if (task.op == HETCAST_NONBLOCKING_SEND) {
      sends.emplace_back();
      result = CheckMpi(MPI_Isend(buffer, count, datatype, task.partner, tag,
                                  comm, &sends.back()),
                        "MPI_Isend");
    } else {
      result = CheckMpi(MPI_Recv(buffer, count, datatype, task.partner, tag,
                                 comm, MPI_STATUS_IGNORE),
                        "MPI_Recv");
    }
    if (result != HETCAST_MPI_SUCCESS) return result;
  }
  return CheckMpi(MPI_Waitall(static_cast<int>(sends.size()), sends.data(),
                              MPI_STATUSES_IGNORE),
                  "MPI_Waitall");
}

int MulticastMulti(void* const* buffers, MPI_Datatype datatype,
                   const hetcast_nonblocking_request* nb,
                   hetcast_algorithm algorithm, MPI_Comm comm) {
  int rank = 0;
  int result = CheckMultiArguments(buffers, nb, comm, &rank);
  if (result == HETCAST_MPI_SUCCESS) result = CheckDatatype(datatype);
  if (result != HETCAST_MPI_SUCCESS) return result;
  hetcast_request request = {};
  request.model = HETCAST_MODEL_NONBLOCKING;
  request.algorithm = algorithm;
  request.nonblocking = nb;
  hetcast_sizes sizes;
  const char* why = nullptr;
  if (hetcast_plan_sizes(&request, &sizes, &why) != HETCAST_OK) {
    return Fail(HETCAST_MPI_ERR_PLAN, std::string("planner: ") + why);
  }
  std::vector<unsigned char> workspace(sizes.workspace_bytes);
  std::vector<hetcast_nonblocking_task> tasks(sizes.task_count);
  hetcast_participant part = {};
  part.tasks = tasks.data();
  part.task_capacity = tasks.size();
  if (hetcast_plan_participant(&request, static_cast<uint32_t>(rank),
                               workspace.data(), workspace.size(), &part,
                               &why) != HETCAST_OK) {
    return Fail(HETCAST_MPI_ERR_PLAN, std::string("planner: ") + why);
  }
  result = RunTasks(buffers, datatype, *nb, comm, tasks.data(), part.count);
  return result == HETCAST_MPI_SUCCESS ? Succeed() : result;
}

}  // namespace
}  // namespace mpi
}  // namespace hetcast

extern "C" {

int HETCAST_MPI_Multicast_multi(void* const* buffers, MPI_Datatype datatype,
                                const hetcast_nonblocking_request* request,
                                hetcast_algorithm algorithm, MPI_Comm comm) {
  return hetcast::mpi::MulticastMulti(buffers, datatype, request, algorithm,
                                      comm);
}

}  // extern "C"
