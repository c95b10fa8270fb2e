# Two commands set everything up on a fresh laptop: `make play` and `make test`.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: venv test test-fast lane play screens bundle flash bench budget boardfit arena clean

venv: $(STAMP)

$(STAMP): requirements/host.txt
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 10) else "Python 3.10 or newer is needed")'
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements/host.txt
	$(VENV)/bin/circuitpython_setboard pybadge >/dev/null
	@touch $(STAMP)

test: $(STAMP)
	$(PY) tools/run_tests.py

lane: $(STAMP)
	$(PY) tools/mpy_lane.py

play: $(STAMP)
	$(PY) tools/play.py

screens: $(STAMP)
	$(PY) tools/screens.py

bundle: $(STAMP)
	$(PY) tools/bundle.py

flash: bundle
	$(PY) tools/flash.py

bench: $(STAMP)
	$(PY) tools/bench.py

budget: $(STAMP)
	$(PY) tools/budget.py

boardfit: $(STAMP)
	$(PY) tools/boardfit.py

clean:
	rm -rf build dist


wear: $(STAMP)
	$(PY) tools/wear.py
