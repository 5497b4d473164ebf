/**
 * The comments of a source file, for the tests that hold what comments may say
 * (test/docs/source-comments.test.ts).
 */

/** A comment of a source file: its text and the line it starts on. */
export interface Comment {
  line: number;
  text: string;
}

const regexAfterWord = new Set(['return', 'typeof', 'case', 'in', 'of', 'void', 'yield', 'await', 'delete', 'throw', 'new', 'else', 'do', 'instanceof']);

/**
 * The comments of a JavaScript or TypeScript source: a small lexer that skips strings, template
 * literals (with their `${}` nesting) and regular expression literals, so that `//` in a URL or a
 * pattern is not taken for a comment. A `/` starts a regular expression unless it follows what ends
 * an operand (a name, a number, `)` or `]`) and that name is not a keyword such as `return`.
 */
export function commentsOf(source: string): Comment[] {
  const comments: Comment[] = [];
  const templateDepths: number[] = [];
  let braces = 0;
  let last = '';
  let lastWord = '';
  let i = 0;
  let counted = 0;
  let line = 1;
  const lineAt = (index: number) => {
    for (; counted < index; counted++) if (source[counted] === '\n') line++;
    return line;
  };
  const skipQuoted = (quote: string) => {
    i++;
    while (i < source.length && source[i] !== quote && source[i] !== '\n') i += source[i] === '\\' ? 2 : 1;
    i++;
  };
  const skipTemplate = () => {
    while (i < source.length) {
      const char = source[i]!;
      if (char === '\\') i += 2;
      else if (char === '`') return void i++;
      else if (char === '$' && source[i + 1] === '{') {
        templateDepths.push(braces);
        braces++;
        i += 2;
        return;
      } else i++;
    }
  };
  while (i < source.length) {
    const char = source[i]!;
    const next = source[i + 1];
    if (char === '/' && next === '/') {
      const end = source.indexOf('\n', i);
      const stop = end === -1 ? source.length : end;
      comments.push({ line: lineAt(i), text: source.slice(i, stop) });
      i = stop;
    } else if (char === '/' && next === '*') {
      const end = source.indexOf('*/', i + 2);
      const stop = end === -1 ? source.length : end + 2;
      comments.push({ line: lineAt(i), text: source.slice(i, stop) });
      i = stop;
    } else if (char === "'" || char === '"') {
      skipQuoted(char);
      last = 'a';
      lastWord = '';
    } else if (char === '`') {
      i++;
      skipTemplate();
      last = 'a';
      lastWord = '';
    } else if (char === '/') {
      const division = /[\w$)\]]/.test(last) && !regexAfterWord.has(lastWord);
      i++;
      if (!division) {
        let inClass = false;
        while (i < source.length && source[i] !== '\n') {
          const c = source[i]!;
          if (c === '\\') i++;
          else if (c === '[') inClass = true;
          else if (c === ']') inClass = false;
          else if (c === '/' && !inClass) break;
          i++;
        }
        i++;
        while (/[a-z]/.test(source[i] ?? '')) i++;
        last = 'a';
        lastWord = '';
      } else last = '/';
    } else if (/[\w$]/.test(char)) {
      const word = /^[\w$]+/.exec(source.slice(i, i + 64))![0];
      i += word.length;
      last = 'a';
      lastWord = word;
    } else {
      if (char === '{') braces++;
      else if (char === '}') {
        braces--;
        if (templateDepths.at(-1) === braces) {
          templateDepths.pop();
          i++;
          skipTemplate();
          last = 'a';
          lastWord = '';
          continue;
        }
      }
      if (!/\s/.test(char)) {
        last = char;
        lastWord = '';
      }
      i++;
    }
  }
  return comments;
}
