"""Python side of the anchors benchmark: runs the public anchor implementations (dp_accounting,
Opacus' accountants, microsoft/prv_accountant) from a source checkout, with numpy/scipy only.

Protocol: one JSON request per stdin line, one JSON answer per stdout line.
  {"task": "<name>", "params": {...}}  ->  {"seconds": wall, "cpuSeconds": cpu, "value": v}
                                           or  {"skip": "<why>"}
Wall time is time.perf_counter, CPU time time.process_time (user + system of every thread of
this process, so numpy/BLAS threads count).
  {"task": "rss"}                      ->  {"maxRssBytes": n}   (this process' peak RSS)
Only what an anchor imports and the benchmark does not use is stubbed here (torch-bound
modules of Opacus, absl.logging; matplotlib and sklearn.metrics for the LiRA paper's plot.py,
whose scoring functions use neither); the anchors' own files are imported unchanged.
"""
import json
import logging
import os
import resource
import sys
import time
import types
import warnings

ANCHORS = os.path.abspath(sys.argv[1]) if len(sys.argv) > 1 else os.path.join(os.getcwd(), '.anchors')
_missing = {}


def _stub(name, **attrs):
    module = types.ModuleType(name)
    for k, v in attrs.items():
        setattr(module, k, v)
    sys.modules[name] = module
    return module


def _setup():
    # dp_accounting: python/dp_accounting of google/differential-privacy
    dp = os.path.join(ANCHORS, 'differential-privacy', 'python', 'dp_accounting')
    if os.path.isdir(os.path.join(dp, 'dp_accounting')):
        sys.path.insert(0, dp)
        if 'absl' not in sys.modules:
            try:
                import absl  # noqa: F401
            except ImportError:  # only absl.logging is used, by the RDP accountant
                absl = _stub('absl')
                absl.logging = logging
                sys.modules['absl.logging'] = logging
    else:
        _missing['dp_accounting'] = f'{dp}/dp_accounting not found'
    # Opacus: the accountants only; opacus/__init__ imports torch, so the package object is
    # created here with its path, and opacus.optimizers (used for an optimizer hook) is stubbed
    op = os.path.join(ANCHORS, 'opacus', 'opacus')
    if os.path.isdir(os.path.join(op, 'accountants')):
        pkg = _stub('opacus')
        pkg.__path__ = [op]
        _stub('opacus.optimizers', DPOptimizer=type('DPOptimizer', (), {}))
    else:
        _missing['opacus'] = f'{op}/accountants not found'
    # The LiRA paper's code (tensorflow/privacy research/mi_lira_2021): plot.py holds the scoring
    # functions (numpy + scipy); it imports matplotlib and sklearn.metrics for plotting and the ROC,
    # which the benchmark never calls, so those two are stubbed
    lr = os.path.join(ANCHORS, 'privacy', 'research', 'mi_lira_2021')
    if os.path.isfile(os.path.join(lr, 'plot.py')):
        sys.path.insert(0, lr)
        try:
            import matplotlib  # noqa: F401
        except ImportError:
            mpl = _stub('matplotlib', rcParams={})
            mpl.pyplot = _stub('matplotlib.pyplot')
        try:
            import sklearn.metrics  # noqa: F401
        except ImportError:
            def _not_run(*_args, **_kwargs):
                raise NotImplementedError('sklearn is stubbed: the benchmark does not call it')
            sk = _stub('sklearn')
            sk.metrics = _stub('sklearn.metrics', roc_curve=_not_run, auc=_not_run)
    else:
        _missing['lira'] = f'{lr}/plot.py not found'
    pv = os.path.join(ANCHORS, 'prv_accountant')
    if os.path.isdir(os.path.join(pv, 'prv_accountant')):
        sys.path.insert(0, pv)
    else:
        _missing['prv_accountant'] = f'{pv}/prv_accountant not found'


def _event(p):
    from dp_accounting import dp_event
    return dp_event.SelfComposedDpEvent(
        dp_event.PoissonSampledDpEvent(p['q'], dp_event.GaussianDpEvent(p['sigma'])), int(p['steps']))


def dp_accounting_pld_eps(p):
    from dp_accounting.pld import pld_privacy_accountant
    acc = pld_privacy_accountant.PLDAccountant(
        value_discretization_interval=p.get('h', 1e-4))
    acc.compose(_event(p))
    return acc.get_epsilon(p['delta'])


def dp_accounting_rdp_eps(p):
    from dp_accounting.rdp import rdp_privacy_accountant
    acc = rdp_privacy_accountant.RdpAccountant()
    acc.compose(_event(p))
    return acc.get_epsilon(p['delta'])


def opacus_rdp_eps(p):
    from opacus.accountants import RDPAccountant
    acc = RDPAccountant()
    acc.history = [(p['sigma'], p['q'], int(p['steps']))]
    return acc.get_epsilon(p['delta'])


def opacus_prv_eps(p):
    from opacus.accountants import PRVAccountant
    acc = PRVAccountant()
    acc.history = [(p['sigma'], p['q'], int(p['steps']))]
    return acc.get_epsilon(p['delta'], eps_error=p.get('epsError', 0.01))


def microsoft_prv_eps(p):
    from prv_accountant import PRVAccountant, PoissonSubsampledGaussianMechanism
    prv = PoissonSubsampledGaussianMechanism(sampling_probability=p['q'], noise_multiplier=p['sigma'])
    acc = PRVAccountant(prvs=prv, max_self_compositions=int(p['steps']),
                        eps_error=p.get('epsError', 0.01), delta_error=p['delta'] / 1000)
    _, _, upper = acc.compute_epsilon(delta=p['delta'], num_self_compositions=int(p['steps']))
    return upper


def _dp_accounting_pld_calibrate(bracket):
    def run(p):
        from dp_accounting import mechanism_calibration
        from dp_accounting.pld import pld_privacy_accountant
        from dp_accounting import dp_event

        def event(sigma):
            return dp_event.SelfComposedDpEvent(
                dp_event.PoissonSampledDpEvent(p['q'], dp_event.GaussianDpEvent(sigma)), int(p['steps']))
        extra = [] if bracket is None else [mechanism_calibration.ExplicitBracketInterval(*bracket)]
        return mechanism_calibration.calibrate_dp_mechanism(
            lambda: pld_privacy_accountant.PLDAccountant(), event, p['epsilon'], p['delta'], *extra)
    return run


def _opacus_calibrate(kind):
    def run(p):
        from opacus.accountants.utils import get_noise_multiplier
        return get_noise_multiplier(target_epsilon=p['epsilon'], target_delta=p['delta'],
                                    sample_rate=p['q'], steps=int(p['steps']), accountant=kind)
    return run


_lira_data = {}


def lira_load(p):
    """Reads the LiRA rows' data written by ours-worker.mjs (models x targets, one augmentation),
    the layout of the paper's `scores` and `keep` arrays. Untimed (harness)."""
    import numpy as np
    models, targets = int(p['models']), int(p['targets'])
    scores = np.fromfile(os.path.join(p['dir'], 'scores.f64'), dtype=np.float64).reshape(models, targets, 1)
    keep = np.fromfile(os.path.join(p['dir'], 'keep.u8'), dtype=np.uint8).reshape(models, targets).astype(bool)
    _lira_data.update(scores=scores, keep=keep)
    return models


def _auc(prediction, answers):
    """AUC of membership scores (larger = member), ties counted 1/2 (Mann-Whitney): computed after
    the clock, by the harness, because the paper's own `sweep` needs sklearn."""
    import numpy as np
    from scipy.stats import rankdata
    ranks = rankdata(prediction)
    pos = answers.sum()
    neg = len(answers) - pos
    return float((ranks[answers].sum() - pos * (pos + 1) / 2) / (pos * neg))


def _lira(offline):
    def run(_p):
        import plot  # research/mi_lira_2021/plot.py, unchanged
        keep, scores = _lira_data["keep"], _lira_data["scores"]
        fn = plot.generate_ours_offline if offline else plot.generate_ours
        # as the paper's do_plot(fn, keep, scores, ntest=1): the last model is attacked, the others
        # are the shadow models
        return fn(keep[:-1], scores[:-1], keep[-1:], scores[-1:])
    return run


def _lira_value(out):
    import numpy as np
    prediction, answers = out
    # the paper's sweep ranks by -prediction (roc_curve(answers, -prediction))
    return _auc(-np.asarray(prediction), np.asarray(answers, dtype=bool))


TASKS = {
    'dp_accounting.pld.eps': ('dp_accounting', dp_accounting_pld_eps),
    'dp_accounting.rdp.eps': ('dp_accounting', dp_accounting_rdp_eps),
    'opacus.rdp.eps': ('opacus', opacus_rdp_eps),
    'opacus.prv.eps': ('opacus', opacus_prv_eps),
    'microsoft.prv.eps': ('prv_accountant', microsoft_prv_eps),
    'dp_accounting.pld.calibrate': ('dp_accounting', _dp_accounting_pld_calibrate(None)),
    'dp_accounting.pld.calibrate.bracket': ('dp_accounting', _dp_accounting_pld_calibrate((0.3, 20.0))),
    'lira.load': ('lira', lira_load),
    'lira.online': ('lira', _lira(False)),
    'lira.offline': ('lira', _lira(True)),
    'opacus.prv.calibrate': ('opacus', _opacus_calibrate('prv')),
    'opacus.rdp.calibrate': ('opacus', _opacus_calibrate('rdp')),
}


def main():
    # Opacus warns on stderr when its largest order is optimal; the rows report values, not warnings
    warnings.simplefilter('ignore')
    _setup()
    for line in sys.stdin:
        req = json.loads(line)
        task = req['task']
        if task == 'rss':
            answer = {'maxRssBytes': resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024}
        elif task not in TASKS:
            answer = {'skip': f'unknown task {task}'}
        else:
            anchor, fn = TASKS[task]
            if anchor in _missing:
                answer = {'skip': _missing[anchor]}
            else:
                try:
                    c0 = time.process_time()
                    t0 = time.perf_counter()
                    out = fn(req.get('params', {}))
                    seconds = time.perf_counter() - t0
                    cpu = time.process_time() - c0
                    value = _lira_value(out) if task.startswith('lira.') and task != 'lira.load' else float(out)
                    answer = {'seconds': seconds, 'cpuSeconds': cpu, 'value': value}
                except Exception as e:  # an anchor failing is reported, not fatal
                    answer = {'skip': f'{type(e).__name__}: {e}'}
        sys.stdout.write(json.dumps(answer) + '\n')
        sys.stdout.flush()


if __name__ == '__main__':
    main()
