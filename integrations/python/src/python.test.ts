/** Finding the Python with torch: a missing one is one line saying how to install it. */
import { describe, expect, it } from 'vitest';
import { findTorchPython, noTorchMessage, pythonCandidates } from './python.js';

describe('findTorchPython', () => {
  it('fails with the install line when no candidate has torch', () => {
    const tried = ['/nonexistent/python3', '/bin/false'];
    expect(() => findTorchPython(tried)).toThrow(noTorchMessage(tried));
    expect(noTorchMessage(tried)).not.toContain('\n');
    expect(noTorchMessage(tried)).toContain('apt-get install -y python3-torch python3-numpy');
  });

  it('tries $DPBOUNDS_PYTHON first, then Debian\'s interpreter, then python3 on PATH', () => {
    expect(pythonCandidates({ DPBOUNDS_PYTHON: '/opt/py' })).toEqual(['/opt/py', '/usr/bin/python3', 'python3']);
    expect(pythonCandidates({})).toEqual(['/usr/bin/python3', 'python3']);
  });
});
