/* bcast_threads.c: an unmodified MPI program (no hetcast header) that
 * broadcasts from several threads at once under MPI_THREAD_MULTIPLE, each
 * thread on its own duplicate of MPI_COMM_WORLD (MPI orders collectives per
 * communicator, not across them), while libhetcast_mpi is preloaded
 * (tests/mpi/interpose_test.sh). The threads' first calls race for the
 * library's one-time configuration, and every call counts in its shared
 * statistics. Every rank checks every byte. After the threads end, rank 0
 * prints "bcast BYTES" per broadcast and "wrong: N" (the sum over ranks).
 * Exits 2 if MPI does not provide MPI_THREAD_MULTIPLE, 1 on a wrong byte. */
#include <mpi.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

enum { kThreads = 4, kRounds = 3 };
static const int kSizes[] = {100, 1024, 5000, 65536};
enum { kSizeCount = sizeof(kSizes) / sizeof(kSizes[0]) };

static int rank, size;

struct Thread {
  pthread_t thread;
  int index;
  MPI_Comm comm;
  int wrong;
};

static unsigned char Expected(int thread, int root, int bytes, int i) {
  return (unsigned char)(thread * 59 + root * 31 + bytes * 7 + i * 13 + 1);
}

/* One broadcast of `bytes` bytes from `root` on the thread's communicator,
 * every byte checked. */
static void Broadcast(struct Thread* t, int root, int bytes) {
  unsigned char* buffer = malloc((size_t)bytes);
  for (int i = 0; i < bytes; ++i) {
    buffer[i] = rank == root ? Expected(t->index, root, bytes, i) : 0;
  }
  if (MPI_Bcast(buffer, bytes, MPI_BYTE, root, t->comm) != MPI_SUCCESS) {
    ++t->wrong;
  }
  for (int i = 0; i < bytes; ++i) {
    if (buffer[i] != Expected(t->index, root, bytes, i)) {
      fprintf(stderr, "rank %d thread %d: root %d, %d bytes: wrong at %d\n",
              rank, t->index, root, bytes, i);
      ++t->wrong;
      break;
    }
  }
  free(buffer);
}

static void* Run(void* argument) {
  struct Thread* t = argument;
  for (int round = 0; round < kRounds; ++round) {
    for (int s = 0; s < kSizeCount; ++s) {
      Broadcast(t, (round + s + t->index) % size, kSizes[s]);
    }
  }
  return NULL;
}

int main(int argc, char** argv) {
  int provided = 0;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  if (provided != MPI_THREAD_MULTIPLE) {
    if (rank == 0) fprintf(stderr, "MPI_THREAD_MULTIPLE not provided\n");
    MPI_Finalize();
    return 2;
  }
  struct Thread threads[kThreads];
  for (int i = 0; i < kThreads; ++i) {
    threads[i].index = i;
    threads[i].wrong = 0;
    MPI_Comm_dup(MPI_COMM_WORLD, &threads[i].comm);
  }
  for (int i = 0; i < kThreads; ++i) {
    pthread_create(&threads[i].thread, NULL, Run, &threads[i]);
  }
  int wrong = 0, all_wrong = 0;
  for (int i = 0; i < kThreads; ++i) {
    pthread_join(threads[i].thread, NULL);
    wrong += threads[i].wrong;
    MPI_Comm_free(&threads[i].comm);
  }
  MPI_Allreduce(&wrong, &all_wrong, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  for (int i = 0; rank == 0 && i < kThreads * kRounds * kSizeCount; ++i) {
    printf("bcast %d\n", kSizes[i % kSizeCount]);
  }
  if (rank == 0) printf("wrong: %d\n", all_wrong);
  MPI_Finalize();
  return all_wrong == 0 ? 0 : 1;
}
