import { renderHook, waitFor } from '@testing-library/react';
import { useStages } from './use-stages';

describe('useStages', () => {
  it('renders the first stage, then one more per commit up to the count', async () => {
    const renders: number[] = [];
    const { result } = renderHook(() => {
      const shown = useStages(3);
      renders.push(shown);
      return shown;
    });
    expect(renders[0]).toBe(1);
    await waitFor(() => expect(result.current).toBe(3));
    // One stage at a time: never a jump from 1 straight to 3.
    expect([...new Set(renders)]).toEqual([1, 2, 3]);
  });

  it('a single stage is shown at once and stays', () => {
    const { result } = renderHook(() => useStages(1));
    expect(result.current).toBe(1);
  });
});
