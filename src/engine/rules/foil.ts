// FOIL gain of specialising a rule for class C (docs/formulas.md "Rules and FOIL gain"): the rule
// covered pos/neg rows of C/not-C before the condition and pos'/neg' after it;
//   gain = pos' · (log2(pos'/(pos'+neg')) − log2(pos/(pos+neg))),   0 when pos' = 0.

export function foilGain(pos: number, neg: number, posAfter: number, negAfter: number): number {
  if (posAfter <= 0 || pos <= 0) return 0;
  return posAfter * (Math.log2(posAfter / (posAfter + negAfter)) - Math.log2(pos / (pos + neg)));
}
