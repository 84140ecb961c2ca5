import { atomWithStorage } from 'jotai/utils';
import { ALL_INDUSTRY_SKILLS_V, type IndustrySkills } from '@eve-toolkit/shared-types';
import { sanitizeSkills } from './lib/skills';

/** localStorage key of the calculator's skills panel. */
export const SKILLS_STORAGE_KEY = 'industry.skills';

/** The player's skills, remembered in this browser (functional storage: nothing leaves it). */
export const industrySkillsAtom = atomWithStorage<IndustrySkills>(
  SKILLS_STORAGE_KEY,
  ALL_INDUSTRY_SKILLS_V,
  {
    getItem: (key, initial) => {
      try {
        const raw = localStorage.getItem(key);
        return raw === null ? initial : sanitizeSkills(JSON.parse(raw));
      } catch {
        return initial;
      }
    },
    setItem: (key, value) => {
      try {
        localStorage.setItem(key, JSON.stringify(value));
      } catch {
        // storage full or disabled: the panel still works for this page
      }
    },
    removeItem: (key) => {
      try {
        localStorage.removeItem(key);
      } catch {
        // as above
      }
    },
  },
  { getOnInit: true },
);
