import { describe, expect, it } from 'vitest';
import { parseScoresFile } from './scores-file.js';

describe('uploaded attack scores', () => {
  it('split CSV, JSON and JSON Lines rows by membership', () => {
    const csv = parseScoresFile('id,score,member\na,0.9,1\nb,0.1,0\nc,0.5,1\n', 'scores.csv');
    expect([...csv.members]).toEqual([0.9, 0.5]);
    expect([...csv.nonMembers]).toEqual([0.1]);
    const json = parseScoresFile('[{"score": 2, "member": 1}, {"score": -1, "member": 0}]', 'x.json');
    expect([...json.members]).toEqual([2]);
    const jsonl = parseScoresFile('{"score": 2, "member": 1}\n{"score": -1, "member": 0}\n', 'x.jsonl');
    expect([...jsonl.nonMembers]).toEqual([-1]);
  });

  it('name the file, row and problem for invalid content', () => {
    expect(() => parseScoresFile('score,member\nabc,1\n0.1,0', 's.csv')).toThrow('s.csv: row 1 has no finite "score"');
    expect(() => parseScoresFile('score,member\n0.3,2\n0.1,0', 's.csv')).toThrow('row 1 has "member" "2"');
    expect(() => parseScoresFile('score,label\n0.3,1', 's.csv')).toThrow('"score" and "member"');
    expect(() => parseScoresFile('score,member\n0.3,1\n0.2,1', 's.csv')).toThrow('at least one member and one non-member');
    expect(() => parseScoresFile('{not json', 's.json')).toThrow('not valid JSON');
  });
});
