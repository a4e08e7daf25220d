/**
 * Binds the form controls to a {@link PlaygroundParams}: fills them from the parameters, reads
 * them back on every input, shows each field's validation message next to it, and shows only
 * the fields of the chosen input modes. The noise and epoch sliders mirror their number boxes.
 */
import type { FieldErrors, PlaygroundParams } from './params.js';

const numberFields = ['samplingRate', 'batchSize', 'datasetSize', 'noiseMultiplier', 'epochs', 'steps', 'delta', 'clip', 'modelSize', 'targetValue', 'maxBatchSize', 'minSeparation'] as const;
/** Every field with its own message next to it: the number boxes and the BandMF band values (text). */
const messageFields = [...numberFields, 'bandValues'] as const;

function input(id: string): HTMLInputElement {
  const element = document.getElementById(id);
  if (!(element instanceof HTMLInputElement)) throw new Error(`missing input #${id}`);
  return element;
}

function radios(name: string): HTMLInputElement[] {
  return [...document.querySelectorAll<HTMLInputElement>(`input[type=radio][name=${name}]`)];
}

/** Writes `params` into the form. */
export function writeControls(params: PlaygroundParams): void {
  for (const field of numberFields) input(field).value = String(params[field]);
  for (const radio of radios('samplingInput')) radio.checked = radio.value === params.samplingInput;
  for (const radio of radios('lengthInput')) radio.checked = radio.value === params.lengthInput;
  for (const radio of radios('relation')) radio.checked = radio.value === params.relation;
  input('logFpr').checked = params.logFpr;
  const select = document.getElementById('targetKind') as HTMLSelectElement;
  select.value = params.targetKind;
  (document.getElementById('sampler') as HTMLSelectElement).value = params.sampler;
  (document.getElementById('mechanism') as HTMLSelectElement).value = params.mechanism;
  (document.getElementById('participation') as HTMLSelectElement).value = params.participation;
  input('bandValues').value = params.bandValues;
  input('noiseMultiplierSlider').value = String(Math.log10(params.noiseMultiplier > 0 ? params.noiseMultiplier : 1));
  input('epochsSlider').value = String(params.epochs);
  showModes(params);
}

/** Reads the form into parameters (an empty or unparsable box becomes NaN, which validation reports). */
export function readControls(): PlaygroundParams {
  const value = (field: (typeof numberFields)[number]): number => {
    const raw = input(field).value.trim();
    return raw === '' ? Number.NaN : Number(raw);
  };
  const checked = (name: string): string => radios(name).find((r) => r.checked)?.value ?? '';
  return {
    samplingInput: checked('samplingInput') === 'rate' ? 'rate' : 'sizes',
    samplingRate: value('samplingRate'),
    batchSize: value('batchSize'),
    datasetSize: value('datasetSize'),
    noiseMultiplier: value('noiseMultiplier'),
    lengthInput: checked('lengthInput') === 'steps' ? 'steps' : 'epochs',
    epochs: value('epochs'),
    steps: value('steps'),
    delta: value('delta'),
    clip: value('clip'),
    modelSize: value('modelSize'),
    logFpr: input('logFpr').checked,
    relation: checked('relation') === 'substitution' ? 'substitution' : 'add-remove',
    targetKind: ((document.getElementById('targetKind') as HTMLSelectElement).value as PlaygroundParams['targetKind']) ?? 'epsilon',
    targetValue: value('targetValue'),
    sampler: ((document.getElementById('sampler') as HTMLSelectElement).value as PlaygroundParams['sampler']) ?? 'poisson',
    maxBatchSize: value('maxBatchSize'),
    mechanism: (document.getElementById('mechanism') as HTMLSelectElement).value === 'bandmf' ? 'bandmf' : 'dp-sgd',
    bandValues: input('bandValues').value,
    participation: ((document.getElementById('participation') as HTMLSelectElement).value as PlaygroundParams['participation']) ?? 'cyclic',
    minSeparation: value('minSeparation'),
  };
}

/**
 * Shows each field's message next to it and marks invalid inputs for assistive technology.
 * `computeErrors` are failures of a computation placed at the control they are about (see
 * failure-field.ts); a validation message of the same field takes precedence.
 */
export function showErrors(errors: FieldErrors, computeErrors: FieldErrors = {}): void {
  for (const field of messageFields) {
    const message = errors[field] ?? computeErrors[field] ?? '';
    const element = input(field);
    element.setAttribute('aria-invalid', message === '' ? 'false' : 'true');
    const output = document.querySelector<HTMLOutputElement>(`output.error[for=${field}]`);
    if (output !== null) output.textContent = message;
  }
}

/**
 * Shows an element whose `data-for` lists modes (space-separated) only when every one of them is
 * chosen: e.g. `data-for="dp-sgd truncated-poisson"` is DP-SGD with the truncated-Poisson sampler.
 */
function showModes(params: PlaygroundParams): void {
  const active = new Set<string>([params.samplingInput, params.lengthInput, params.sampler, params.mechanism]);
  for (const element of document.querySelectorAll<HTMLElement>('[data-for]')) {
    const modes = (element.dataset.for ?? '').split(' ').filter((m) => m !== '');
    element.hidden = !modes.every((m) => active.has(m));
  }
}

/**
 * Calls `onChange` with the form's parameters whenever any control changes; keeps sliders and
 * number boxes in step.
 */
export function onControlsChange(onChange: (params: PlaygroundParams) => void): void {
  const form = document.getElementById('controls') as HTMLFormElement;
  const sigmaSlider = input('noiseMultiplierSlider');
  const epochsSlider = input('epochsSlider');
  form.addEventListener('input', (event) => {
    if (event.target === sigmaSlider) input('noiseMultiplier').value = String(Number((10 ** Number(sigmaSlider.value)).toPrecision(3)));
    if (event.target === epochsSlider) input('epochs').value = epochsSlider.value;
    if (event.target === input('noiseMultiplier')) sigmaSlider.value = String(Math.log10(Math.max(1e-3, Number(input('noiseMultiplier').value) || 1)));
    if (event.target === input('epochs')) epochsSlider.value = input('epochs').value;
    const params = readControls();
    showModes(params);
    onChange(params);
  });
  form.addEventListener('change', () => {
    const params = readControls();
    showModes(params);
    onChange(params);
  });
  form.addEventListener('submit', (event) => event.preventDefault());
}
