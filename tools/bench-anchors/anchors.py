"""Python side of the anchors benchmark: runs the public anchor implementations (dp_accounting,
Opacus' accountants, microsoft/prv_accountant) from a source checkout, with numpy/scipy only.

Protocol: one JSON request per stdin line, one JSON answer per stdout line.
  {"task": "<name>", "params": {...}}  ->  {"seconds": s, "value": v}  or  {"skip": "<why>"}
  {"task": "rss"}                      ->  {"maxRssBytes": n}   (this process' peak RSS)
Only what an anchor imports and the benchmark does not use is stubbed here (torch-bound
modules of Opacus, absl.logging); the anchors' own files are imported unchanged.
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


def dp_accounting_pld_calibrate(p):
    from dp_accounting import mechanism_calibration
    from dp_accounting.pld import pld_privacy_accountant
    from dp_accounting import dp_event

    def event(sigma):
        return dp_event.SelfComposedDpEvent(
            dp_event.PoissonSampledDpEvent(p['q'], dp_event.GaussianDpEvent(sigma)), int(p['steps']))
    return mechanism_calibration.calibrate_dp_mechanism(
        lambda: pld_privacy_accountant.PLDAccountant(), event, p['epsilon'], p['delta'],
        mechanism_calibration.ExplicitBracketInterval(0.3, 20.0))


def _opacus_calibrate(kind):
    def run(p):
        from opacus.accountants.utils import get_noise_multiplier
        return get_noise_multiplier(target_epsilon=p['epsilon'], target_delta=p['delta'],
                                    sample_rate=p['q'], steps=int(p['steps']), accountant=kind)
    return run


TASKS = {
    'dp_accounting.pld.eps': ('dp_accounting', dp_accounting_pld_eps),
    'dp_accounting.rdp.eps': ('dp_accounting', dp_accounting_rdp_eps),
    'opacus.rdp.eps': ('opacus', opacus_rdp_eps),
    'opacus.prv.eps': ('opacus', opacus_prv_eps),
    'microsoft.prv.eps': ('prv_accountant', microsoft_prv_eps),
    'dp_accounting.pld.calibrate': ('dp_accounting', dp_accounting_pld_calibrate),
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
                    t0 = time.perf_counter()
                    value = fn(req.get('params', {}))
                    answer = {'seconds': time.perf_counter() - t0, 'value': float(value)}
                except Exception as e:  # an anchor failing is reported, not fatal
                    answer = {'skip': f'{type(e).__name__}: {e}'}
        sys.stdout.write(json.dumps(answer) + '\n')
        sys.stdout.flush()


if __name__ == '__main__':
    main()
