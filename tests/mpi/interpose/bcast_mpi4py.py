"""bcast_mpi4py.py: an unmodified mpi4py script (Debian's python3-mpi4py,
built on Open MPI) whose broadcasts libhetcast_mpi takes over when preloaded
(tests/mpi/interpose_test.sh): comm.Bcast on NumPy arrays and comm.bcast on
Python objects (mpi4py's pickled broadcast: one MPI_Bcast of the length,
then one of the bytes). Every rank checks what it received. Rank 0 prints
"bcast BYTES" per array broadcast, "objects N" for N object broadcasts and
"wrong: N"."""
import sys

import numpy as np
from mpi4py import MPI

comm = MPI.COMM_WORLD
rank = comm.Get_rank()
wrong = 0
for root in range(comm.Get_size()):
    for n in (64, 4096, 30000):
        expected = np.arange(n, dtype=np.float64) * 0.5 + root
        values = expected.copy() if rank == root else np.full(n, -1.0)
        comm.Bcast(values, root=root)
        wrong += int(not np.array_equal(values, expected))
        if rank == 0:
            print("bcast", values.nbytes)
objects = 0
for root in range(comm.Get_size()):
    expected = {"root": root, "payload": list(range(5000)), "text": "x" * 3000}
    got = comm.bcast(expected if rank == root else None, root=root)
    wrong += int(got != expected)
    objects += 1
if rank == 0:
    print("objects", objects)
wrong = comm.allreduce(wrong)
if rank == 0:
    print("wrong:", wrong)
sys.exit(1 if wrong else 0)
