# Sourced by run.sh and test.sh (from the checkout's root), not run on its own.
# venv_install LOCK NAME: create .venv on first use (with $PYTHON, else python3.11, else python3) and install the
# lock file LOCK (every package of the tree pinned with its hashes) into it whenever LOCK is newer than the last
# install (.venv/.installed-NAME). requirements*.txt are the hand-edited inputs of the locks (README, Tests).
venv_install() {
  local lock=$1 stamp=.venv/.installed-$2
  local py=${PYTHON:-python3.11}
  command -v "$py" >/dev/null || py=python3
  if [ ! -x .venv/bin/python ]; then
    "$py" -m venv .venv
  fi
  if [ ! -f "$stamp" ] || [ "$lock" -nt "$stamp" ]; then
    .venv/bin/pip install --disable-pip-version-check -q --require-hashes -r "$lock"
    touch "$stamp"
  fi
}

# lock_check REQUIREMENTS LOCK: fail when a pin of REQUIREMENTS (name==version) is missing from LOCK, i.e. the
# requirements were edited and the lock was not compiled again.
lock_check() {
  local line name stale=0
  while read -r line; do
    name=$(printf '%s' "${line%%==*}" | sed 's/\[.*\]//' | tr 'A-Z_.' 'a-z--')
    if ! grep -Fqx "$name==${line#*==} \\" "$2"; then
      echo "$2 does not pin ${line} of $1: compile the locks again (README, Tests)" >&2
      stale=1
    fi
  done < <(sed 's/#.*//; s/[[:space:]]//g' "$1" | grep '==')
  return "$stale"
}
