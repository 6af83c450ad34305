// contiguous.cc: the message as contiguous bytes (contiguous.h).

#include "tools/mpi/contiguous.h"

#include <cstdio>

namespace hetcast {
namespace mpi {

Contiguous::Contiguous(void* buffer, int count, MPI_Datatype datatype,
                       int bytes, MPI_Comm comm)
    : buffer_(buffer),
      count_(count),
      datatype_(datatype),
      bytes_(bytes),
      comm_(comm) {
  int size = 0;
  MPI_Aint lower = 0, extent = 0, true_lower = 0, true_extent = 0;
  PMPI_Type_size(datatype, &size);
  PMPI_Type_get_extent(datatype, &lower, &extent);
  PMPI_Type_get_true_extent(datatype, &true_lower, &true_extent);
  if (size == extent && size == true_extent) {
    data_ = static_cast<char*>(buffer) + true_lower;
  } else {
    packed_.resize(static_cast<size_t>(bytes));
    data_ = packed_.data();
  }
}

int Contiguous::Pack() {
  if (packed_.empty()) return MPI_SUCCESS;
  int position = 0;
  const int result = PMPI_Pack(buffer_, count_, datatype_, packed_.data(),
                               bytes_, &position, comm_);
  return result != MPI_SUCCESS ? result : Packed(position);
}

int Contiguous::Unpack() {
  if (packed_.empty()) return MPI_SUCCESS;
  int position = 0;
  const int result = PMPI_Unpack(packed_.data(), bytes_, &position, buffer_,
                                 count_, datatype_, comm_);
  return result != MPI_SUCCESS ? result : Packed(position);
}

// MPI's native packing of a homogeneous machine is the type map's bytes;
// anything else would break the byte-for-byte agreement between ranks, and
// a rank cannot tell the others: it stops the job.
int Contiguous::Packed(int position) const {
  if (position == bytes_) return MPI_SUCCESS;
  std::fprintf(stderr,
               "hetcast: MPI_Pack wrote %d bytes for a message of %d: this "
               "MPI packs with a header, which hetcast's byte segments do "
               "not support (with libhetcast_mpi: HETCAST_MODE=off)\n",
               position, bytes_);
  PMPI_Abort(MPI_COMM_WORLD, 1);
  return MPI_ERR_OTHER;
}

}  // namespace mpi
}  // namespace hetcast
