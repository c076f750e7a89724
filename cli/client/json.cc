// Boost.JSON compiled into the client (header-only mode), so that the client
// loads no Boost shared library at start-up.
#include <boost/json/src.hpp>
