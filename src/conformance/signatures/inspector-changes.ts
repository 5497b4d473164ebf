import { diff, type Change, type TypeOfChangeType } from '@graphql-inspector/core';
import { astFromValue, isEnumType, isInputObjectType, isInterfaceType, isObjectType, isUnionType, print, type GraphQLArgument, type GraphQLInputField, type GraphQLNamedType, type GraphQLSchema } from 'graphql';
import type { Contract } from './contract.js';
import type { Difference, DifferenceLevel, SignatureSection } from './difference.js';

/** The types SPEC.md 2.1 describes in full; every other object type is one of 2.2. */
const MESSAGE_RESOURCES = new Set(['MessageView', 'MessageSummary', 'MessageAttachmentView', 'ReactionSummary', 'MessagePage']);

function kindOf(type: GraphQLNamedType | null | undefined): string {
  if (isInputObjectType(type)) return 'input';
  if (isEnumType(type)) return 'enum';
  if (isUnionType(type)) return 'union';
  if (isInterfaceType(type)) return 'interface';
  if (isObjectType(type)) return 'type';
  return 'scalar';
}

/** Turns graphql-inspector's changes into differences by spec section and level. */
class Classifier {
  readonly differences: Difference[] = [];
  /** Types only the target has: their fields and values are part of that one note. */
  private readonly addedTypes = new Set<string>();

  constructor(
    private readonly contract: Contract,
    private readonly target: GraphQLSchema,
  ) {}

  private typeSection(name: string): SignatureSection {
    const { roots } = this.contract;
    if (name === roots.query) return '4.3';
    if (name === roots.mutation) return '4.4';
    if (name === roots.subscription) return '6';
    if (MESSAGE_RESOURCES.has(name)) return '2.1';
    const type = this.contract.schema.getType(name) ?? this.target.getType(name);
    if (isInputObjectType(type)) return '2.3';
    if (isEnumType(type)) return '2.4';
    return '2.2';
  }

  private fieldSection(typeName: string, fieldName: string): SignatureSection {
    if (typeName === this.contract.roots.query && fieldName === 'messages') return '4.1';
    if (typeName === this.contract.roots.query && fieldName === 'messagesSince') return '4.2';
    return this.typeSection(typeName);
  }

  private specField(typeName: string, fieldName: string): string {
    const type = this.contract.schema.getType(typeName);
    const field = isObjectType(type) || isInterfaceType(type) ? type.getFields()[fieldName] : undefined;
    if (!field) return fieldName;
    const args = field.args.map(argumentText).join(', ');
    return `${fieldName}${args ? `(${args})` : ''}: ${String(field.type)}`;
  }

  private specArgument(typeName: string, fieldName: string, argumentName: string): string {
    const type = this.contract.schema.getType(typeName);
    const arg = isObjectType(type) ? type.getFields()[fieldName]?.args.find((a) => a.name === argumentName) : undefined;
    return arg ? argumentText(arg) : argumentName;
  }

  private add(section: SignatureSection, level: DifferenceLevel, coordinate: string, spec: string, target: string): void {
    this.differences.push({ section, level, coordinate, spec, target });
  }

  classify(change: Change): void {
    const type = change.type as TypeOfChangeType;
    switch (type) {
      case 'TYPE_REMOVED': {
        const { removedTypeName: name } = (change as Change<'TYPE_REMOVED'>).meta;
        this.add(this.typeSection(name), 'MUST', name, `${kindOf(this.contract.schema.getType(name))} ${name}`, 'no such type');
        return;
      }
      case 'TYPE_KIND_CHANGED': {
        const { typeName, oldTypeKind, newTypeKind } = (change as Change<'TYPE_KIND_CHANGED'>).meta;
        this.add(this.typeSection(typeName), 'MUST', typeName, `a ${oldTypeKind}`, `a ${newTypeKind}`);
        return;
      }
      case 'TYPE_ADDED': {
        const { addedTypeName: name } = (change as Change<'TYPE_ADDED'>).meta;
        this.addedTypes.add(name);
        this.add(this.typeSection(name), 'note', name, 'nothing', `an extra ${kindOf(this.target.getType(name))}`);
        return;
      }
      case 'FIELD_REMOVED': {
        const { typeName, removedFieldName } = (change as Change<'FIELD_REMOVED'>).meta;
        this.add(this.fieldSection(typeName, removedFieldName), 'MUST', `${typeName}.${removedFieldName}`, this.specField(typeName, removedFieldName), 'no such field');
        return;
      }
      case 'FIELD_ADDED': {
        const { typeName, addedFieldName, addedFieldReturnType } = (change as Change<'FIELD_ADDED'>).meta;
        if (this.addedTypes.has(typeName) || !this.contract.schema.getType(typeName)) return;
        this.add(this.fieldSection(typeName, addedFieldName), 'note', `${typeName}.${addedFieldName}`, 'nothing', `an extra field: ${addedFieldReturnType}`);
        return;
      }
      case 'FIELD_TYPE_CHANGED': {
        const { typeName, fieldName, oldFieldType, newFieldType } = (change as Change<'FIELD_TYPE_CHANGED'>).meta;
        this.add(this.fieldSection(typeName, fieldName), 'MUST', `${typeName}.${fieldName}`, oldFieldType, newFieldType);
        return;
      }
      case 'FIELD_ARGUMENT_REMOVED': {
        const { typeName, fieldName, removedFieldArgumentName: arg } = (change as Change<'FIELD_ARGUMENT_REMOVED'>).meta;
        this.add(this.fieldSection(typeName, fieldName), 'MUST', `${typeName}.${fieldName}(${arg}:)`, this.specArgument(typeName, fieldName, arg), 'no such argument');
        return;
      }
      case 'FIELD_ARGUMENT_ADDED': {
        const { typeName, fieldName, addedArgumentName: arg, addedArgumentType, isAddedFieldArgumentBreaking, addedToNewField } = (change as Change<'FIELD_ARGUMENT_ADDED'>).meta;
        if (addedToNewField || this.addedTypes.has(typeName)) return;
        // A required argument the spec does not name breaks every call made as the spec says.
        if (isAddedFieldArgumentBreaking) this.add(this.fieldSection(typeName, fieldName), 'MUST', `${typeName}.${fieldName}(${arg}:)`, 'no such argument', `a required argument ${arg}: ${addedArgumentType}`);
        else this.add(this.fieldSection(typeName, fieldName), 'note', `${typeName}.${fieldName}(${arg}:)`, 'nothing', `an extra optional argument: ${addedArgumentType}`);
        return;
      }
      case 'FIELD_ARGUMENT_TYPE_CHANGED': {
        const { typeName, fieldName, argumentName, oldArgumentType, newArgumentType } = (change as Change<'FIELD_ARGUMENT_TYPE_CHANGED'>).meta;
        this.add(this.fieldSection(typeName, fieldName), 'MUST', `${typeName}.${fieldName}(${argumentName}:)`, oldArgumentType, newArgumentType);
        return;
      }
      case 'FIELD_ARGUMENT_DEFAULT_CHANGED': {
        const { typeName, fieldName, argumentName, oldDefaultValue, newDefaultValue } = (change as Change<'FIELD_ARGUMENT_DEFAULT_CHANGED'>).meta;
        this.add(this.fieldSection(typeName, fieldName), 'MUST', `${typeName}.${fieldName}(${argumentName}:)`, defaultText(oldDefaultValue), defaultText(newDefaultValue));
        return;
      }
      case 'INPUT_FIELD_REMOVED': {
        const { inputName, removedFieldName } = (change as Change<'INPUT_FIELD_REMOVED'>).meta;
        const input = this.contract.schema.getType(inputName);
        const field = isInputObjectType(input) ? input.getFields()[removedFieldName] : undefined;
        this.add('2.3', 'MUST', `${inputName}.${removedFieldName}`, field ? argumentText(field) : removedFieldName, 'no such input field');
        return;
      }
      case 'INPUT_FIELD_ADDED': {
        const { inputName, addedInputFieldName: name, addedInputFieldType, isAddedInputFieldTypeNullable, addedFieldDefault, addedToNewType } = (change as Change<'INPUT_FIELD_ADDED'>).meta;
        if (addedToNewType || this.addedTypes.has(inputName)) return;
        if (!isAddedInputFieldTypeNullable && addedFieldDefault === undefined) this.add('2.3', 'MUST', `${inputName}.${name}`, 'no such input field', `a required input field ${name}: ${addedInputFieldType}`);
        else this.add('2.3', 'note', `${inputName}.${name}`, 'nothing', `an extra optional input field: ${addedInputFieldType}`);
        return;
      }
      case 'INPUT_FIELD_TYPE_CHANGED': {
        const { inputName, inputFieldName, oldInputFieldType, newInputFieldType } = (change as Change<'INPUT_FIELD_TYPE_CHANGED'>).meta;
        this.add('2.3', 'MUST', `${inputName}.${inputFieldName}`, oldInputFieldType, newInputFieldType);
        return;
      }
      case 'INPUT_FIELD_DEFAULT_VALUE_CHANGED': {
        const { inputName, inputFieldName, oldDefaultValue, newDefaultValue } = (change as Change<'INPUT_FIELD_DEFAULT_VALUE_CHANGED'>).meta;
        this.add('2.3', 'MUST', `${inputName}.${inputFieldName}`, defaultText(oldDefaultValue), defaultText(newDefaultValue));
        return;
      }
      case 'ENUM_VALUE_REMOVED': {
        const { enumName, removedEnumValueName } = (change as Change<'ENUM_VALUE_REMOVED'>).meta;
        this.add('2.4', 'MUST', `${enumName}.${removedEnumValueName}`, `${enumName} has ${removedEnumValueName}`, 'no such value');
        return;
      }
      case 'ENUM_VALUE_ADDED': {
        const { enumName, addedEnumValueName, addedToNewType } = (change as Change<'ENUM_VALUE_ADDED'>).meta;
        if (addedToNewType || this.addedTypes.has(enumName)) return;
        const listed = this.listedValues(enumName);
        if (this.contract.outputEnums.has(enumName)) this.add('2.4', 'SHOULD', `${enumName}.${addedEnumValueName}`, `${enumName} is ${listed}`, `an extra value that clients may receive and not know`);
        else this.add('2.4', 'note', `${enumName}.${addedEnumValueName}`, `${enumName} is ${listed}`, 'an extra value (input only)');
        return;
      }
      case 'UNION_MEMBER_REMOVED': {
        const { unionName, removedUnionMemberTypeName } = (change as Change<'UNION_MEMBER_REMOVED'>).meta;
        this.add(this.typeSection(unionName), 'MUST', unionName, `a member ${removedUnionMemberTypeName}`, 'no such member');
        return;
      }
      case 'UNION_MEMBER_ADDED': {
        const { unionName, addedUnionMemberTypeName, addedToNewType } = (change as Change<'UNION_MEMBER_ADDED'>).meta;
        if (addedToNewType || this.addedTypes.has(unionName)) return;
        this.add(this.typeSection(unionName), 'SHOULD', unionName, 'its members', `an extra member ${addedUnionMemberTypeName} that clients may receive and not know`);
        return;
      }
      case 'OBJECT_TYPE_INTERFACE_REMOVED': {
        const { objectTypeName, removedInterfaceName } = (change as Change<'OBJECT_TYPE_INTERFACE_REMOVED'>).meta;
        this.add(this.typeSection(objectTypeName), 'MUST', objectTypeName, `implements ${removedInterfaceName}`, 'not');
        return;
      }
      case 'DIRECTIVE_ADDED': {
        const { addedDirectiveName } = (change as Change<'DIRECTIVE_ADDED'>).meta;
        this.add('2.2', 'note', `@${addedDirectiveName}`, 'nothing', 'an extra directive');
        return;
      }
      default:
        // Descriptions, deprecations, directive uses and the root types' names are no part of a
        // signature; interfaces added are additions the spec leaves open and not worth a note.
        return;
    }
  }

  private listedValues(enumName: string): string {
    const type = this.contract.schema.getType(enumName);
    return isEnumType(type) ? type.getValues().map((value) => value.name).join(', ') : '(unknown)';
  }
}

/** `first: Int! = 30`, as SDL writes it. */
function argumentText(arg: GraphQLArgument | GraphQLInputField): string {
  const value = arg.defaultValue === undefined ? null : astFromValue(arg.defaultValue, arg.type);
  return `${arg.name}: ${String(arg.type)}${value ? ` = ${print(value)}` : ''}`;
}

function defaultText(value: string | undefined): string {
  return value === undefined ? 'no default' : `default ${value}`;
}

/**
 * Every difference between the contract and the target's schema (already read with the
 * contract's root names), by graphql-inspector's `diff`, in the order it reports them.
 */
export async function signatureDifferences(contract: Contract, target: GraphQLSchema): Promise<Difference[]> {
  const classifier = new Classifier(contract, target);
  const changes = await diff(contract.schema, target);
  // Types first, so that the fields and values of a type only the target has stay in its one note.
  const typeAdded = changes.filter((change) => change.type === 'TYPE_ADDED');
  for (const change of [...typeAdded, ...changes.filter((change) => change.type !== 'TYPE_ADDED')]) classifier.classify(change);
  return classifier.differences;
}
