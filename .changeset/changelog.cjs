// Changelog lines for `changeset version`: the changeset's own words, without commit hashes
// (a user reads what changed, not which commit), and one line naming the dpbounds packages a
// release moves to, instead of one "Updated dependencies [hash]" line per changeset.
// CommonJS because @changesets/apply-release-plan loads it with require().
'use strict';

/** One bullet per changeset: its first line, and any further lines indented under it. */
async function getReleaseLine(changeset) {
  const [first = '', ...rest] = changeset.summary.split('\n').map((line) => line.trimEnd());
  const more = rest.length > 0 ? `\n${rest.map((line) => (line === '' ? '' : `  ${line}`)).join('\n')}` : '';
  return `- ${first}${more}`;
}

/** One bullet listing the workspace dependencies this release moves to. */
async function getDependencyReleaseLine(_changesets, dependenciesUpdated) {
  if (dependenciesUpdated.length === 0) return '';
  const names = dependenciesUpdated.map((dep) => `\`${dep.name}\` ${dep.newVersion}`);
  return `- Depends on ${names.join(', ')}.`;
}

module.exports = { default: { getReleaseLine, getDependencyReleaseLine } };
