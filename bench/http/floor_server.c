// The ceiling of bench/http/run.sh: a server with no user-space work to speak
// of, so what it reaches under the same wrk on the same cores is what any
// server can reach here. One thread, the same response bytes as ours for
// `hello` or `stream` (Date refreshed once a second). Not an HTTP server: it
// counts "\r\n\r\n" and answers each with the canned response.
//   epoll (peer "floor"): edge-triggered epoll, one recv and one send per
//     request, as Deno's and Bun's servers do;
//   ring (peer "floor-ring"): io_uring, one io_uring_enter per loop turn for
//     all its recvs and sends, as ours does (runtime/core/io_ring.h);
//   ring-multishot (not a peer of run.sh; for trying by hand): as ring, but
//     each connection's receive is armed once (a multishot recv into buffers
//     the ring provides) instead of once per request.
// Usage: floor_server hello|stream PORT [epoll|ring|ring-multishot]
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <liburing.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

static char response[256];
static size_t response_size;
static time_t response_second;

static void refresh_response(const char* program) {
  time_t now = time(NULL);
  if (now == response_second) return;
  response_second = now;
  char date[64];
  strftime(date, sizeof date, "%a, %d %b %Y %H:%M:%S GMT", gmtime(&now));
  if (strcmp(program, "stream") == 0)
    response_size = snprintf(response, sizeof response,
        "HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\ndate: %s\r\n\r\n"
        "b\r\nhello world\r\n0\r\n\r\n", date);
  else
    response_size = snprintf(response, sizeof response,
        "HTTP/1.1 200 OK\r\ncontent-type: text/plain;charset=UTF-8\r\n"
        "content-length: 2\r\ndate: %s\r\n\r\nok", date);
}

static void serve_connection(int fd, const char* program) {
  static char buffer[16384];
  static unsigned char tails[65536];  // per fd: how much of "\r\n\r\n" ended its last read
  unsigned char tail = tails[fd];
  for (;;) {
    ssize_t n = recv(fd, buffer, sizeof buffer, 0);
    if (n == 0 || (n < 0 && errno != EAGAIN)) { tails[fd] = 0; close(fd); return; }
    if (n < 0) break;
    int requests = 0;
    for (ssize_t i = 0; i < n; i++) {
      char want = "\r\n\r\n"[tail];
      tail = buffer[i] == want ? tail + 1 : (buffer[i] == '\r');
      if (tail == 4) { requests++; tail = 0; }
    }
    refresh_response(program);
    for (int i = 0; i < requests; i++) send(fd, response, response_size, MSG_NOSIGNAL);
    if (n < (ssize_t)sizeof buffer) break;
  }
  tails[fd] = tail;
}

// The ring: a recv always pending per connection, a send per request,
// everything asked for in a turn submitted with the wait for the next.
enum { ACCEPT = 1, RECV = 2, SEND = 3 };
#define TAG(kind, fd) (((unsigned long long)(kind) << 32) | (unsigned)(fd))

static struct io_uring ring;

static struct io_uring_sqe* next_sqe(void) {
  struct io_uring_sqe* sqe = io_uring_get_sqe(&ring);
  if (!sqe) {
    io_uring_submit(&ring);
    sqe = io_uring_get_sqe(&ring);
  }
  return sqe;
}

static void arm_accept(int listener) {
  struct io_uring_sqe* sqe = next_sqe();
  io_uring_prep_multishot_accept(sqe, listener, NULL, NULL, 0);
  io_uring_sqe_set_data64(sqe, TAG(ACCEPT, 0));
}

// ring-multishot: the buffers the kernel receives into (group 1), each given
// back as soon as its bytes are counted.
enum { kProvided = 256, kProvidedSize = 4096 };
static struct io_uring_buf_ring* provided_ring;
static char (*provided)[kProvidedSize];

static int provide_buffers(void) {
  provided_ring = mmap(NULL, kProvided * sizeof(struct io_uring_buf), PROT_READ | PROT_WRITE,
                       MAP_ANONYMOUS | MAP_PRIVATE, -1, 0);
  provided = malloc((size_t)kProvided * kProvidedSize);
  if (provided_ring == MAP_FAILED || !provided) return -1;
  io_uring_buf_ring_init(provided_ring);
  struct io_uring_buf_reg reg = {.ring_addr = (unsigned long)provided_ring, .ring_entries = kProvided, .bgid = 1};
  if (io_uring_register_buf_ring(&ring, &reg, 0)) return -1;
  for (int i = 0; i < kProvided; i++)
    io_uring_buf_ring_add(provided_ring, provided[i], kProvidedSize, i, io_uring_buf_ring_mask(kProvided), i);
  io_uring_buf_ring_advance(provided_ring, kProvided);
  return 0;
}

static void give_back(int id) {
  io_uring_buf_ring_add(provided_ring, provided[id], kProvidedSize, id, io_uring_buf_ring_mask(kProvided), 0);
  io_uring_buf_ring_advance(provided_ring, 1);
}

static void arm_recv_multishot(int fd) {
  struct io_uring_sqe* sqe = next_sqe();
  io_uring_prep_recv_multishot(sqe, fd, NULL, 0, 0);
  sqe->flags |= IOSQE_BUFFER_SELECT;
  sqe->buf_group = 1;
  io_uring_sqe_set_data64(sqe, TAG(RECV, fd));
}

static void arm_recv(int fd, char* buffer, size_t size) {
  struct io_uring_sqe* sqe = next_sqe();
  io_uring_prep_recv(sqe, fd, buffer, size, 0);
  io_uring_sqe_set_data64(sqe, TAG(RECV, fd));
}

static int serve_ring(int listener, const char* program, int multishot) {
  static char buffers[1024][4096];
  static unsigned char tails[1024];
  struct io_uring_params params = {.flags = IORING_SETUP_COOP_TASKRUN};
  int r = io_uring_queue_init_params(256, &ring, &params);
  if (r < 0) { fprintf(stderr, "floor_server: io_uring: %s\n", strerror(-r)); return 1; }
  int one = 1;
  if (multishot && provide_buffers()) { fprintf(stderr, "floor_server: no provided buffers\n"); return 1; }
  arm_accept(listener);
  puts("ready");
  fflush(stdout);
  for (;;) {
    io_uring_submit_and_wait(&ring, 1);
    struct io_uring_cqe* cqe;
    unsigned head, seen = 0;
    io_uring_for_each_cqe(&ring, head, cqe) {
      seen++;
      int kind = cqe->user_data >> 32, fd = (int)(cqe->user_data & 0xffffffff);
      if (kind == ACCEPT) {
        if (cqe->res >= 0 && cqe->res < 1024) {
          setsockopt(cqe->res, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
          tails[cqe->res] = 0;
          if (multishot) arm_recv_multishot(cqe->res);
          else arm_recv(cqe->res, buffers[cqe->res], sizeof buffers[0]);
        } else if (cqe->res >= 0) {
          close(cqe->res);
        }
        if (!(cqe->flags & IORING_CQE_F_MORE)) arm_accept(listener);
      } else if (kind == RECV) {
        // (Out of provided buffers, a multishot receive ends: armed again.)
        if (multishot && cqe->res == -ENOBUFS) { arm_recv_multishot(fd); continue; }
        if (cqe->res <= 0) { close(fd); continue; }
        int id = multishot ? (int)(cqe->flags >> IORING_CQE_BUFFER_SHIFT) : -1;
        const char* data = multishot ? provided[id] : buffers[fd];
        int requests = 0;
        unsigned char tail = tails[fd];
        for (int i = 0; i < cqe->res; i++) {
          char want = "\r\n\r\n"[tail];
          tail = data[i] == want ? tail + 1 : (data[i] == '\r');
          if (tail == 4) { requests++; tail = 0; }
        }
        tails[fd] = tail;
        refresh_response(program);
        for (int i = 0; i < requests; i++) {
          struct io_uring_sqe* sqe = next_sqe();
          io_uring_prep_send(sqe, fd, response, response_size, MSG_NOSIGNAL);
          io_uring_sqe_set_data64(sqe, TAG(SEND, fd));
          sqe->flags |= IOSQE_CQE_SKIP_SUCCESS;
        }
        if (!multishot) arm_recv(fd, buffers[fd], sizeof buffers[0]);
        else {
          give_back(id);
          if (!(cqe->flags & IORING_CQE_F_MORE)) arm_recv_multishot(fd);
        }
      }
    }
    io_uring_cq_advance(&ring, seen);
  }
}

static void serve_epoll(int listener, const char* program) {
  int one = 1;
  int poller = epoll_create1(0);
  struct epoll_event event = {.events = EPOLLIN, .data.fd = listener};
  epoll_ctl(poller, EPOLL_CTL_ADD, listener, &event);
  puts("ready");
  fflush(stdout);
  struct epoll_event ready[64];
  for (;;) {
    int n = epoll_wait(poller, ready, 64, -1);
    for (int i = 0; i < n; i++) {
      int fd = ready[i].data.fd;
      if (fd != listener) { serve_connection(fd, program); continue; }
      int connection;
      while ((connection = accept4(listener, NULL, NULL, SOCK_NONBLOCK)) >= 0) {
        setsockopt(connection, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
        struct epoll_event e = {.events = EPOLLIN | EPOLLET, .data.fd = connection};
        epoll_ctl(poller, EPOLL_CTL_ADD, connection, &e);
      }
    }
  }
}

int main(int argc, char** argv) {
  if (argc < 3 || argc > 4) {
    fprintf(stderr, "usage: floor_server hello|stream PORT [epoll|ring|ring-multishot]\n");
    return 2;
  }
  const char* program = argv[1];
  int multishot = argc == 4 && strcmp(argv[3], "ring-multishot") == 0;
  int use_ring = multishot || (argc == 4 && strcmp(argv[3], "ring") == 0);
  // The ring's accepts block in the kernel; epoll's listener is non-blocking.
  int listener = socket(AF_INET, SOCK_STREAM | (use_ring ? 0 : SOCK_NONBLOCK), 0);
  int one = 1;
  setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
  struct sockaddr_in address = {.sin_family = AF_INET, .sin_port = htons(atoi(argv[2])),
                                .sin_addr.s_addr = htonl(INADDR_LOOPBACK)};
  if (bind(listener, (struct sockaddr*)&address, sizeof address) || listen(listener, 1024)) {
    perror("floor_server");
    return 1;
  }
  if (use_ring) return serve_ring(listener, program, multishot);
  serve_epoll(listener, program);
}
