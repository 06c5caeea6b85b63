#!/usr/bin/env bash
# Starts and stops a throw-away Apache CouchDB 3 from an installed release (default /opt/couchdb,
# built by ../shared/tools/build-couchdb.sh): one node, or three nodes on 127.0.0.1 joined as one
# cluster. Each node has its own data folder, ports and log under DIR; nothing of the release is
# changed. The settings are the project's (couchdb/couchdb.ini plus single-node.ini or cluster.ini).
#
#   scripts/couchdb3.sh start DIR [--nodes 1|3] [--port 5984]   # prints COUCHDB_URL=…
#   scripts/couchdb3.sh stop DIR                                  # stops the nodes, keeps DIR
#   scripts/couchdb3.sh kill DIR I | restart DIR I                # node I dies at once / comes back
#   scripts/couchdb3.sh available                                 # exit 0 if a release is installed
#
# COUCHDB_HOME names another release. Node i listens on port+i-1 (HTTP) and port+100+i-1 (its
# node-local port) and is named couchdbHTTPPORT@127.0.0.1, so that several throw-away stores can run
# on one machine. The URL printed is the first node's, with the admin's credentials.
set -euo pipefail

home=${COUCHDB_HOME:-/opt/couchdb}
here=$(cd "$(dirname "$0")/.." && pwd)
admin_user=admin
admin_password=${COUCHDB_TEST_PASSWORD:-throwaway-$(hostname)}

usage() { sed -n 2,14p "$0" | sed 's/^# \{0,1\}//'; exit 2; }

available() { [ -x "$home/bin/couchdb" ]; }

wait_up() { # url: waits until the node answers /_up
  for _ in $(seq 1 120); do
    curl -fsS -u "$admin_user:$admin_password" "$1/_up" >/dev/null 2>&1 && return 0
    sleep 0.5
  done
  echo "CouchDB at $1 did not come up; see its log under $dir" >&2
  return 1
}

launch() { # node folder: starts that node in a process group of its own
  setsid "$1/run.sh" >>"$1/couch.log" 2>&1 &
  echo $! >"$1/pid"
}

stop_node() { # node folder [signal]
  local pid
  [ -f "$1/pid" ] || return 0
  pid=$(cat "$1/pid")
  # setsid made the node the leader of its own group: stop the group (beam and couchjs).
  kill "-${2:-TERM}" -- "-$pid" 2>/dev/null || kill "$pid" 2>/dev/null || true
  for _ in $(seq 1 40); do kill -0 "$pid" 2>/dev/null || break; sleep 0.25; done
  rm -f "$1/pid"
}

start() {
  local nodes=1 port=5984
  while [ $# -gt 0 ]; do
    case $1 in
      --nodes) nodes=$2; shift 2 ;;
      --port) port=$2; shift 2 ;;
      *) usage ;;
    esac
  done
  [ "$nodes" = 1 ] || [ "$nodes" = 3 ] || usage
  available || { echo "no CouchDB 3 release in $home" >&2; exit 1; }
  local layout=single-node.ini
  [ "$nodes" = 3 ] && layout=cluster.ini
  # One cookie, secret and uuid for all nodes of a cluster (their sessions and tokens are shared).
  local cookie secret uuid
  cookie=$(od -An -N16 -tx1 /dev/urandom | tr -d ' \n')
  secret=$(od -An -N16 -tx1 /dev/urandom | tr -d ' \n')
  uuid=$(od -An -N16 -tx1 /dev/urandom | tr -d ' \n')
  mkdir -p "$dir"
  for i in $(seq 1 "$nodes"); do
    local node=$dir/node$i http=$((port + i - 1))
    # A store already answering there would be used by mistake (wait_up would find it).
    if curl -s -o /dev/null "http://127.0.0.1:$http/"; then
      echo "port $http is already in use" >&2
      exit 1
    fi
    mkdir -p "$node/data"
    sed "s/^-name .*/-name couchdb$http@127.0.0.1/" "$home/etc/vm.args" >"$node/vm.args"
    echo "-setcookie $cookie" >>"$node/vm.args"
    cat >"$node/node.ini" <<EOF
[couchdb]
database_dir = $node/data
view_index_dir = $node/data
uuid = $uuid

[chttpd]
port = $http
bind_address = 127.0.0.1

[httpd]
port = $((port + 100 + i - 1))
bind_address = 127.0.0.1

[chttpd_auth]
secret = $secret

[smoosh]
state_dir = $node/data

[prometheus]
additional_port = false

[admins]
$admin_user = $admin_password
EOF
    cat >"$node/run.sh" <<EOF
#!/bin/sh
export COUCHDB_ARGS_FILE=$node/vm.args
export COUCHDB_INI_FILES="$home/etc/default.ini $here/couchdb/couchdb.ini $here/couchdb/$layout $node/node.ini"
exec "$home/bin/couchdb"
EOF
    chmod +x "$node/run.sh"
    echo "$http" >"$node/port"
    launch "$node"
  done
  for i in $(seq 1 "$nodes"); do wait_up "http://127.0.0.1:$((port + i - 1))"; done
  local url=http://127.0.0.1:$port
  if [ "$nodes" = 3 ]; then
    # _cluster_setup refuses nodes bound to loopback: join the others through node 1's _nodes.
    for i in 2 3; do
      curl -fsS -u "$admin_user:$admin_password" -X PUT "$url/_node/_local/_nodes/couchdb$((port + i - 1))@127.0.0.1" \
        -d '{}' >/dev/null
    done
    for _ in $(seq 1 60); do
      members=$(curl -fsS -u "$admin_user:$admin_password" "$url/_membership")
      [ "$(grep -o '@127.0.0.1' <<<"${members#*cluster_nodes}" | wc -l)" -ge 3 ] && break
      sleep 0.5
    done
    # A cluster's system databases are made once it is whole (one node makes its own).
    for db in _users _replicator; do
      curl -fsS -u "$admin_user:$admin_password" -X PUT "$url/$db" >/dev/null
    done
  fi
  echo "COUCHDB_URL=http://$admin_user:$admin_password@127.0.0.1:$port"
}

stop() {
  local node
  for node in "$dir"/node*/; do stop_node "${node%/}"; done
}

case ${1:-} in
  available) available ;;
  start) [ $# -ge 2 ] || usage; dir=$2; shift 2; start "$@" ;;
  stop) [ $# -ge 2 ] || usage; dir=$2; stop ;;
  kill) [ $# -ge 3 ] || usage; dir=$2; stop_node "$dir/node$3" KILL ;;
  restart)
    [ $# -ge 3 ] || usage; dir=$2
    launch "$dir/node$3"
    wait_up "http://127.0.0.1:$(cat "$dir/node$3/port")"
    ;;
  *) usage ;;
esac
