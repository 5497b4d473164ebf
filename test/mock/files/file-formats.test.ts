import { describe, expect, it } from 'vitest';
import { fileFormatOf, type FileFormat } from '../../../src/mock-server/state/files/formats.js';

/** The format table of docs/mock-behaviour.md ("The file library"), row by row. */
const TABLE: readonly (readonly [string, FileFormat])[] = [
  ['application/pdf', 'DOCUMENT'],
  ['text/plain', 'DOCUMENT'],
  ['text/csv', 'DOCUMENT'],
  ['text/markdown; charset=utf-8', 'DOCUMENT'],
  ['application/rtf', 'DOCUMENT'],
  ['application/msword', 'DOCUMENT'],
  ['application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'DOCUMENT'],
  ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'DOCUMENT'],
  ['application/vnd.openxmlformats-officedocument.presentationml.presentation', 'DOCUMENT'],
  ['application/vnd.ms-excel', 'DOCUMENT'],
  ['application/vnd.ms-excel.sheet.macroenabled.12', 'DOCUMENT'],
  ['application/vnd.ms-powerpoint', 'DOCUMENT'],
  ['application/vnd.oasis.opendocument.text', 'DOCUMENT'],
  ['application/vnd.apple.keynote', 'DOCUMENT'],
  ['application/epub+zip', 'DOCUMENT'],
  ['image/png', 'IMAGE'],
  ['IMAGE/JPEG', 'IMAGE'],
  ['image/svg+xml', 'IMAGE'],
  ['image/heic', 'IMAGE'],
  ['audio/mpeg', 'MEDIA'],
  ['video/mp4', 'MEDIA'],
  ['application/ogg', 'MEDIA'],
  ['image/vnd.adobe.photoshop', 'DESIGN'],
  ['application/x-photoshop', 'DESIGN'],
  ['application/postscript', 'DESIGN'],
  ['application/illustrator', 'DESIGN'],
  ['application/vnd.figma', 'DESIGN'],
  ['application/x-sketch', 'DESIGN'],
  ['application/vnd.adobe.xd', 'DESIGN'],
  ['image/x-xcf', 'DESIGN'],
  ['font/woff2', 'DESIGN'],
  ['model/gltf+json', 'DESIGN'],
  ['application/zip', 'OTHER'],
  ['application/json', 'OTHER'],
  ['application/octet-stream', 'OTHER'],
  ['not a mime type', 'OTHER'],
];

describe('fileFormatOf', () => {
  it.each(TABLE)('%s is %s', (contentType, format) => {
    expect(fileFormatOf(contentType)).toBe(format);
  });
});
