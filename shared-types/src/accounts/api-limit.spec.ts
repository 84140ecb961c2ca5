import { limitMessage, waitText } from './api';

describe('the account forms’ wait', () => {
  it.each([
    [1, 'попробуйте через 1 минуту'],
    [60, 'попробуйте через 1 минуту'],
    [61, 'попробуйте через 2 минуты'],
    [299, 'попробуйте через 5 минут'],
    [600, 'попробуйте через 10 минут'],
    [1260, 'попробуйте через 21 минуту'],
    [0, 'попробуйте через 1 минуту'],
  ])('%p s: %s', (seconds, text) => expect(waitText(seconds)).toBe(text));

  it('names the reason', () => {
    expect(limitMessage('login', 420)).toBe('Слишком много попыток входа с вашего адреса: попробуйте через 7 минут');
    expect(limitMessage('registration', 3600)).toBe('Слишком много регистраций с вашего адреса: попробуйте через 60 минут');
  });
});
