// What the members of one forest share, whichever thread grows them: feature orders sorted once
// (exact splitter) and bins made once (histogram splitter), both over the plan's training rows.
import type { GrowHooks } from '../tree/grow-hooks';
import { SharedBins } from '../tree/hist/shared-bins';
import { Presorted } from '../tree/presort';

export function memberCaches(): Required<Pick<GrowHooks, 'presorted' | 'sharedBins'>> {
  return { presorted: new Presorted(), sharedBins: new SharedBins() };
}
