// The ceiling of bench/http/run.sh: a server with no user-space work to speak
// of, so what it reaches under the same wrk on the same cores is what any
// server can reach here. One thread, edge-triggered epoll, one recv and one
// send per request (as ours), the same response bytes as ours for `hello` or
// `stream` (Date refreshed once a second). Not an HTTP server: it counts
// "\r\n\r\n" and answers each with the canned response.
// Usage: floor_server hello|stream PORT
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
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

int main(int argc, char** argv) {
  if (argc != 3) { fprintf(stderr, "usage: floor_server hello|stream PORT\n"); return 2; }
  const char* program = argv[1];
  int listener = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK, 0);
  int one = 1;
  setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
  struct sockaddr_in address = {.sin_family = AF_INET, .sin_port = htons(atoi(argv[2])),
                                .sin_addr.s_addr = htonl(INADDR_LOOPBACK)};
  if (bind(listener, (struct sockaddr*)&address, sizeof address) || listen(listener, 1024)) {
    perror("floor_server");
    return 1;
  }
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
