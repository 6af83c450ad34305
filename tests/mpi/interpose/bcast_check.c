/* bcast_check.c: an unmodified MPI program (no hetcast header) whose
 * MPI_Bcast calls libhetcast_mpi takes over when preloaded
 * (tests/mpi/interpose_test.sh). Every rank checks every byte it receives
 * and that the bytes outside the message are untouched. Rank 0 prints one
 * line per broadcast on MPI_COMM_WORLD, "bcast BYTES" (BYTES >= 1) or
 * "other" (a broadcast hetcast never plans: count 0), and "other" for each
 * broadcast on MPI_COMM_SELF or an intercommunicator, so the test derives
 * the expected counts of the stats file from the cluster file itself.
 * With the argument "quick" it makes one broadcast of 4096 bytes from rank
 * 0 (the bad cluster file cases). With "time BYTES" it times one broadcast
 * of BYTES bytes from rank 0 as tools/mpi/bench does (one broadcast first,
 * then a barrier, the broadcast, the slowest rank's time) and rank 0 prints
 * "seconds=S" (the SMPI comparison, tools/mpi/smpi_library_experiment.sh).
 * With "no-intercomm" it leaves the intercommunicator out (SimGrid's SMPI
 * has no MPI_Intercomm_create). Exits 1 on any wrong byte, after printing
 * which. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int rank, size, failures;

static unsigned char Expected(int root, int bytes, int i) {
  return (unsigned char)(root * 31 + bytes * 7 + i * 13 + 1);
}

static void Report(const char* what, int root, int bytes, int at) {
  if (failures++ < 5) {
    fprintf(stderr, "rank %d: %s, root %d, %d bytes: wrong byte at %d\n", rank,
            what, root, bytes, at);
  }
}

static void Log(int bytes) {
  if (rank != 0) return;
  if (bytes > 0) {
    printf("bcast %d\n", bytes);
  } else {
    printf("other\n");
  }
}

/* `bytes` bytes as MPI_BYTE, as `bytes / 4` MPI_INT or as `bytes / 8`
 * doubles in chunks of 4 (a contiguous derived type) on the root only. */
static void Plain(int root, int bytes, int mixed) {
  unsigned char* buffer = malloc((size_t)bytes + 16);
  for (int i = 0; i < bytes + 16; ++i) {
    buffer[i] = rank == root && i < bytes ? Expected(root, bytes, i) : 0xEE;
  }
  if (mixed && rank == root) {
    MPI_Datatype four;
    MPI_Type_contiguous(4, MPI_DOUBLE, &four);
    MPI_Type_commit(&four);
    MPI_Bcast(buffer, bytes / 32, four, root, MPI_COMM_WORLD);
    MPI_Type_free(&four);
  } else if (mixed) {
    MPI_Bcast(buffer, bytes / 8, MPI_DOUBLE, root, MPI_COMM_WORLD);
  } else if (bytes % 4 == 0) {
    MPI_Bcast(buffer, bytes / 4, MPI_INT, root, MPI_COMM_WORLD);
  } else {
    MPI_Bcast(buffer, bytes, MPI_BYTE, root, MPI_COMM_WORLD);
  }
  Log(bytes);
  for (int i = 0; i < bytes + 16; ++i) {
    if (buffer[i] != (i < bytes ? Expected(root, bytes, i) : 0xEE)) {
      Report(mixed ? "mixed datatypes" : "contiguous", root, bytes, i);
      break;
    }
  }
  free(buffer);
}

/* n ints at every other int (a vector type with gaps, packed by the
 * library); the root passes one vector, the others n vectors of one int
 * each: the same type signature, other layouts. */
static void Strided(int root, int n) {
  int* buffer = malloc(sizeof(int) * 2 * (size_t)n);
  for (int i = 0; i < 2 * n; ++i) {
    buffer[i] = rank == root && i % 2 == 0 ? Expected(root, n, i) : -7;
  }
  MPI_Datatype vector;
  if (rank == root) {
    MPI_Type_vector(n, 1, 2, MPI_INT, &vector);
  } else {
    MPI_Datatype one;
    MPI_Type_vector(1, 1, 2, MPI_INT, &one);
    MPI_Type_create_resized(one, 0, 2 * sizeof(int), &vector);
    MPI_Type_free(&one);
  }
  MPI_Type_commit(&vector);
  MPI_Bcast(buffer, rank == root ? 1 : n, vector, root, MPI_COMM_WORLD);
  MPI_Type_free(&vector);
  Log(n * (int)sizeof(int));
  for (int i = 0; i < 2 * n; ++i) {
    if (buffer[i] != (i % 2 == 0 ? Expected(root, n, i) : -7)) {
      Report("strided", root, n * (int)sizeof(int), i);
      break;
    }
  }
  free(buffer);
}

/* One broadcast of `bytes` bytes from rank 0, then the same timed: rank 0
 * prints the slowest rank's seconds from a barrier. */
static void Timed(int bytes) {
  Plain(0, bytes, 0);
  unsigned char* buffer = malloc((size_t)bytes);
  for (int i = 0; i < bytes; ++i) {
    buffer[i] = rank == 0 ? Expected(0, bytes, i) : 0;
  }
  MPI_Barrier(MPI_COMM_WORLD);
  const double start = MPI_Wtime();
  MPI_Bcast(buffer, bytes, MPI_BYTE, 0, MPI_COMM_WORLD);
  const double elapsed = MPI_Wtime() - start;
  Log(bytes);
  double slowest = 0;
  MPI_Reduce(&elapsed, &slowest, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
  if (rank == 0) printf("seconds=%.9g\n", slowest);
  for (int i = 0; i < bytes; ++i) {
    if (buffer[i] != Expected(0, bytes, i)) {
      Report("timed", 0, bytes, i);
      break;
    }
  }
  free(buffer);
}

/* Broadcasts hetcast never plans: count 0, MPI_COMM_SELF, an
 * intercommunicator between the even and the odd ranks (unless
 * `intercomm` is 0). */
static void Unplannable(int intercomm) {
  int value = rank == 0 ? 42 : -1;
  MPI_Bcast(&value, 0, MPI_INT, 0, MPI_COMM_WORLD);
  Log(0);
  if (value != (rank == 0 ? 42 : -1)) Report("count 0", 0, 0, 0);
  value = 1000 + rank;
  MPI_Bcast(&value, 1, MPI_INT, 0, MPI_COMM_SELF);
  Log(0);
  if (value != 1000 + rank) Report("MPI_COMM_SELF", 0, 4, 0);
  if (size < 2 || !intercomm) return;
  MPI_Comm half, inter;
  MPI_Comm_split(MPI_COMM_WORLD, rank % 2, rank, &half);
  MPI_Intercomm_create(half, 0, MPI_COMM_WORLD, rank % 2 == 0 ? 1 : 0, 7,
                       &inter);
  /* Even group's rank 0 (world rank 0) sends to the odd group. */
  value = rank == 0 ? 77 : -1;
  const int root = rank == 0 ? MPI_ROOT : rank % 2 == 0 ? MPI_PROC_NULL : 0;
  MPI_Bcast(&value, 1, MPI_INT, root, inter);
  Log(0);
  if (rank % 2 == 1 && value != 77) Report("intercommunicator", 0, 4, 0);
  MPI_Comm_free(&inter);
  MPI_Comm_free(&half);
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  static const int kSizes[] = {1, 100, 1023, 1024, 4096, 65536, 262144, 262145};
  const int quick = argc > 1 && strcmp(argv[1], "quick") == 0;
  const int timed = argc > 2 && strcmp(argv[1], "time") == 0;
  const int intercomm = !(argc > 1 && strcmp(argv[1], "no-intercomm") == 0);
  if (quick) Plain(0, 4096, 0);
  if (timed && atoi(argv[2]) < 1) {
    if (rank == 0)
      fprintf(stderr, "bcast_check: time BYTES needs BYTES >= 1\n");
    MPI_Finalize();
    return 2;
  }
  if (timed) Timed(atoi(argv[2]));
  for (int root = 0; !quick && !timed && root < size; ++root) {
    for (size_t s = 0; s < sizeof(kSizes) / sizeof(kSizes[0]); ++s) {
      Plain(root, kSizes[s], 0);
    }
    Plain(root, 8192, 1);
    Strided(root, 3000);
  }
  if (!quick && !timed) Unplannable(intercomm);
  int all = 0;
  MPI_Allreduce(&failures, &all, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  if (rank == 0) printf("wrong: %d\n", all);
  MPI_Finalize();
  return all == 0 ? 0 : 1;
}
