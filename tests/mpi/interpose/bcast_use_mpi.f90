! bcast_use_mpi.f90: an unmodified Fortran MPI program (`use mpi`, no
! hetcast module) whose MPI_Bcast calls libhetcast_mpi takes over when
! preloaded (tests/mpi/interpose_test.sh). Every rank checks every element
! it receives. Rank 0 prints "bcast BYTES" per broadcast and "wrong: N".
! tests/mpi/BUILD makes the `use mpi_f08` client from this file.
program bcast_use_mpi
  use mpi
  implicit none
  integer, parameter :: sizes(4) = [25, 256, 1024, 16384]
  integer :: ierr, rank, nranks, root, s, n, i, wrong, all_wrong
  integer, allocatable :: values(:)
  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, nranks, ierr)
  wrong = 0
  do root = 0, nranks - 1
    do s = 1, size(sizes)
      n = sizes(s)
      allocate(values(n))
      if (rank == root) then
        values = [(root * 1000 + i * 3 + n, i = 1, n)]
      else
        values = -1
      end if
      call MPI_Bcast(values, n, MPI_INTEGER, root, MPI_COMM_WORLD, ierr)
      if (ierr /= MPI_SUCCESS) wrong = wrong + 1
      do i = 1, n
        if (values(i) /= root * 1000 + i * 3 + n) then
          wrong = wrong + 1
          exit
        end if
      end do
      if (rank == 0) print '(a, i0)', 'bcast ', 4 * n
      deallocate(values)
    end do
  end do
  call MPI_Allreduce(wrong, all_wrong, 1, MPI_INTEGER, MPI_SUM, &
                     MPI_COMM_WORLD, ierr)
  if (rank == 0) print '(a, i0)', 'wrong: ', all_wrong
  call MPI_Finalize(ierr)
  if (all_wrong /= 0) stop 1
end program bcast_use_mpi
