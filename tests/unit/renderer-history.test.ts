import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadRendererModule as load } from '../helpers/renderer-module';

/* The navigation store's history (Back and Forward), the workspace's people, countries by name. */

type View =
  | { name: 'projects' }
  | {
      name: 'project' | 'estimates' | 'files';
      workspaceId: string | null;
      projectId: string;
      projectName: string;
    }
  | { name: 'forms' | 'workspace'; workspaceId: string | null };
interface NavigationState {
  view: View;
  past: View[];
  future: View[];
  go(view: View): void;
  back(): boolean;
  forward(): boolean;
  clearHistory(): void;
  openOverview(p: { workspaceId: string | null; projectId: string; projectName: string }): void;
}
interface NavigationModule {
  useNavigation: { getState(): NavigationState; setState(s: Partial<NavigationState>): void };
  registerScreen(
    name: string,
    loader: {
      open?: (v: View, from: View) => void;
      refresh: () => void;
      leave?: (v: View, to: View) => void;
    },
  ): void;
  sameView(a: View, b: View): boolean;
}
interface Person {
  email: string;
  name: string | null;
  teams: string[];
}
interface PeopleModule {
  mergePeople(sources: { email: string | null; name: string | null; team?: string }[]): Person[];
  nameOf(people: Person[] | null, email: string | null): string | null;
}
interface CountryModule {
  countryName(value: string | null, lang: string): string | null;
}

let m: NavigationModule;
let people: PeopleModule;
let country: CountryModule;
const events: string[] = [];

beforeAll(async () => {
  [m, people, country] = await Promise.all([
    load<NavigationModule>('features/navigation/store.ts'),
    load<PeopleModule>('features/people/store.ts'),
    load<CountryModule>('i18n/country.ts'),
  ]);
  m.registerScreen('forms', {
    open: (v) => events.push(`open ${v.name}`),
    refresh: () => undefined,
    leave: (v, to) => events.push(`leave ${v.name} for ${to.name}`),
  });
});

const project = { workspaceId: 'ws', projectId: 'p1', projectName: 'Haus' };
const nav = () => m.useNavigation.getState();

beforeEach(() => {
  m.useNavigation.setState({ view: { name: 'projects' }, past: [], future: [] });
  events.length = 0;
});

describe('navigation history', () => {
  it('back and forward walk the screens shown, as a browser does', () => {
    nav().openOverview(project);
    nav().go({ name: 'estimates', ...project });
    nav().go({ name: 'files', ...project });
    expect(nav().back()).toBe(true);
    expect(nav().view).toEqual({ name: 'estimates', ...project });
    expect(nav().back()).toBe(true);
    expect(nav().view).toEqual({ name: 'project', ...project });
    expect(nav().forward()).toBe(true);
    expect(nav().view).toEqual({ name: 'estimates', ...project });
    // A new move forgets what was ahead.
    nav().go({ name: 'forms', workspaceId: 'ws' });
    expect(nav().forward()).toBe(false);
    expect(nav().back()).toBe(true);
    expect(nav().back()).toBe(true);
    expect(nav().back()).toBe(true);
    expect(nav().view).toEqual({ name: 'projects' });
    expect(nav().back()).toBe(false);
  });

  it('screens moved through by Back and Forward are told, as for any move', () => {
    nav().go({ name: 'forms', workspaceId: 'ws' });
    nav().back();
    nav().forward();
    expect(events).toEqual(['open forms', 'leave forms for projects', 'open forms']);
  });

  it('showing the same view again is no step; the history keeps at most 50 steps', () => {
    nav().go({ name: 'forms', workspaceId: 'ws' });
    nav().go({ name: 'forms', workspaceId: 'ws' });
    expect(nav().past).toHaveLength(1);
    for (let i = 0; i < 80; i++) nav().go({ name: 'estimates', ...project, projectId: `p${i}` });
    expect(nav().past).toHaveLength(50);
    nav().clearHistory();
    expect(nav().back()).toBe(false);
    expect(m.sameView({ name: 'projects' }, { name: 'projects' })).toBe(true);
    expect(m.sameView({ name: 'estimates', ...project }, { name: 'files', ...project })).toBe(false);
  });
});

describe('the workspace’s people', () => {
  it('one entry per e-mail (any case), named from whichever source names them, with their teams', () => {
    const list = people.mergePeople([
      { email: 'lena@x.example', name: null },
      { email: 'LENA@x.example', name: 'Lena Schröder', team: 'Bau' },
      { email: 'ahmed@x.example', name: 'Ahmed Öz', team: 'Bau' },
      { email: 'ahmed@x.example', name: 'Ahmed Öz', team: 'Maler' },
      { email: null, name: 'No mail' },
      { email: '  ', name: 'Blank' },
    ]);
    expect(list).toEqual([
      { email: 'ahmed@x.example', name: 'Ahmed Öz', teams: ['Bau', 'Maler'] },
      { email: 'lena@x.example', name: 'Lena Schröder', teams: ['Bau'] },
    ]);
    expect(people.nameOf(list, 'Lena@X.example')).toBe('Lena Schröder');
    expect(people.nameOf(list, 'someone@else.example')).toBeNull();
    expect(people.nameOf(null, 'lena@x.example')).toBeNull();
  });
});

describe('countries', () => {
  it('a code, or a name in one of our languages, by its name in the language; anything else as it came', () => {
    expect(country.countryName('DE', 'de-DE')).toBe('Deutschland');
    expect(country.countryName('de', 'fr-FR')).toBe('Allemagne');
    expect(country.countryName('PT', 'pt-PT')).toBe('Portugal');
    expect(country.countryName('ES', 'en-US')).toBe('Spain');
    expect(country.countryName('Österreich', 'en-US')).toBe('Austria');
    expect(country.countryName('Atlantis', 'en-US')).toBe('Atlantis');
    expect(country.countryName('  ', 'en-US')).toBeNull();
    expect(country.countryName('XZ', 'en-US')).toBe('XZ');
  });
});
