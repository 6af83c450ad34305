// contiguous.h: a message of any MPI datatype as contiguous bytes, for the
// executors that cut it into byte segments (the leaders' step of
// two_level.h, model trees of HETCAST_MPI_Bcast).

#ifndef HETCAST_TOOLS_MPI_CONTIGUOUS_H_
#define HETCAST_TOOLS_MPI_CONTIGUOUS_H_

#include <mpi.h>

#include <vector>

namespace hetcast {
namespace mpi {

// The buffer itself when the datatype has no gaps, else a packed copy (MPI's
// native packing; a rank that holds the message packs it, a rank that
// receives it unpacks it afterwards). Every rank then moves the same bytes
// as MPI_BYTE, whatever datatype it passed, so segment boundaries agree
// between ranks.
class Contiguous {
 public:
  // `bytes`: count times the datatype's size.
  Contiguous(void* buffer, int count, MPI_Datatype datatype, int bytes,
             MPI_Comm comm);
  char* data() const { return data_; }
  int Pack();    // a rank that holds the message; an MPI error code
  int Unpack();  // a rank that received it; an MPI error code

 private:
  int Packed(int position) const;
  void* buffer_;
  int count_;
  MPI_Datatype datatype_;
  int bytes_;
  MPI_Comm comm_;
  std::vector<char> packed_;
  char* data_ = nullptr;
};

}  // namespace mpi
}  // namespace hetcast

#endif  // HETCAST_TOOLS_MPI_CONTIGUOUS_H_
