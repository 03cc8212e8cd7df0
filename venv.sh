# Sourced by run.sh and test.sh (from the checkout's root), not run on its own.
# venv_install REQUIREMENTS NAME: create .venv on first use (with $PYTHON, else python3.11, else python3) and
# install REQUIREMENTS into it whenever it or requirements.txt is newer than the last install (.venv/.installed-NAME).
venv_install() {
  local requirements=$1 stamp=.venv/.installed-$2
  local py=${PYTHON:-python3.11}
  command -v "$py" >/dev/null || py=python3
  if [ ! -x .venv/bin/python ]; then
    "$py" -m venv .venv
  fi
  if [ ! -f "$stamp" ] || [ "$requirements" -nt "$stamp" ] || [ requirements.txt -nt "$stamp" ]; then
    .venv/bin/pip install --disable-pip-version-check -q -r "$requirements"
    touch "$stamp"
  fi
}
