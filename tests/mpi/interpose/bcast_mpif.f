! bcast_mpif.f: an unmodified Fortran MPI program (mpif.h, no hetcast
! header) whose MPI_BCAST calls libhetcast_mpi takes over when preloaded
! (tests/mpi/interpose_test.sh). Every rank checks every element it
! receives. Rank 0 prints "bcast BYTES" per broadcast and "wrong: N".
      program bcast_mpif
      implicit none
      include 'mpif.h'
      integer sizes(3)
      data sizes /100, 2048, 20000/
      integer ierr, rank, nranks, root, s, n, i, wrong, allwrong
      double precision values(20000)
      call MPI_INIT(ierr)
      call MPI_COMM_RANK(MPI_COMM_WORLD, rank, ierr)
      call MPI_COMM_SIZE(MPI_COMM_WORLD, nranks, ierr)
      wrong = 0
      do root = 0, nranks - 1
        do s = 1, 3
          n = sizes(s)
          do i = 1, n
            if (rank .eq. root) then
              values(i) = root * 0.5d0 + i * 0.25d0 + n
            else
              values(i) = -1d0
            end if
          end do
          call MPI_BCAST(values, n, MPI_DOUBLE_PRECISION, root,
     &                   MPI_COMM_WORLD, ierr)
          if (ierr .ne. MPI_SUCCESS) wrong = wrong + 1
          do i = 1, n
            if (values(i) .ne. root * 0.5d0 + i * 0.25d0 + n) then
              wrong = wrong + 1
              exit
            end if
          end do
          if (rank .eq. 0) print '(a, i0)', 'bcast ', 8 * n
        end do
      end do
      call MPI_ALLREDUCE(wrong, allwrong, 1, MPI_INTEGER, MPI_SUM,
     &                   MPI_COMM_WORLD, ierr)
      if (rank .eq. 0) print '(a, i0)', 'wrong: ', allwrong
      call MPI_FINALIZE(ierr)
      if (allwrong .ne. 0) stop 1
      end
