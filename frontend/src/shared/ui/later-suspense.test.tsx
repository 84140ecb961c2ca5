import { lazy, useLayoutEffect } from 'react';
import { render, screen } from '@testing-library/react';
import { LaterSuspense } from './later-suspense';

describe('LaterSuspense', () => {
  it('commits the page with the fallback before asking for the lazy part, then shows the part', async () => {
    let loads = 0;
    const Part = lazy(async () => {
      loads++;
      return { default: () => <p>часть</p> };
    });
    const firstCommit: { loads?: number; text?: string } = {};
    /** Records the page as its first commit left it (a layout effect runs right after the commit). */
    function Probe() {
      useLayoutEffect(() => {
        firstCommit.loads = loads;
        firstCommit.text = document.body.textContent ?? '';
      }, []);
      return null;
    }
    render(
      <>
        <h1>страница</h1>
        <LaterSuspense fallback={<p>загрузка</p>}>
          <Part />
        </LaterSuspense>
        <Probe />
      </>,
    );
    expect(firstCommit).toEqual({ loads: 0, text: 'страницазагрузка' });
    expect(await screen.findByText('часть')).toBeInTheDocument();
    expect(screen.queryByText('загрузка')).not.toBeInTheDocument();
    expect(loads).toBe(1);
  });
});
