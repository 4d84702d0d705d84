// The studio's login page: plain HTML, no script (the CSP allows none inline), one password field.

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

export function loginPage(message?: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Log in · Studio</title>
<style>
  body { font-family: system-ui, sans-serif; background: #0f1115; color: #e8e8ea; display: grid; place-items: center; min-height: 100vh; margin: 0; }
  form { background: #1a1d24; padding: 2rem; border-radius: 12px; display: grid; gap: 1rem; width: min(22rem, 90vw); }
  h1 { font-size: 1.25rem; margin: 0; }
  input { padding: .6rem .75rem; border-radius: 8px; border: 1px solid #3a3f4b; background: #0f1115; color: inherit; font-size: 1rem; }
  button { padding: .6rem; border: 0; border-radius: 8px; background: #6d5efc; color: white; font-size: 1rem; cursor: pointer; }
  p[role="alert"] { color: #ff8a8a; margin: 0; }
</style>
</head>
<body>
<main>
<form method="post" action="/login">
  <h1>Studio</h1>
  ${message ? `<p role="alert">${escapeHtml(message)}</p>` : ''}
  <label for="password">Password</label>
  <input id="password" name="password" type="password" autocomplete="current-password" required autofocus>
  <button type="submit">Log in</button>
</form>
</main>
</body>
</html>`;
}
