package org.fabriclab;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import org.junit.jupiter.api.Test;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;

/**
 * The package rules of the DSL, checked on its compiled main classes: no two packages depend on each
 * other through any chain (data flows one way: capture, snapshot, delta, verdict, series, checks,
 * history, plots), the delta rule's package knows nothing of verdicts, and the demo machinery is not
 * in the library.
 */
class ArchitectureTest {
    static final JavaClasses DSL = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("org.fabriclab");

    @Test void noPackageCycles() {
        // (**) makes every package its own slice (org.fabriclab.check and org.fabriclab.check.health are two)
        slices().matching("org.fabriclab.(**)").should().beFreeOfCycles().check(DSL);
    }

    @Test void deltaDoesNotKnowVerdicts() {
        noClasses().that().resideInAPackage("org.fabriclab.delta").should().dependOnClassesThat()
                .resideInAPackage("org.fabriclab.verdict..").check(DSL);
    }

    @Test void theLibraryHoldsNoDemoMachinery() {
        // the dataset generator and the scenario answers live in the demo module (fabriclab-demo)
        noClasses().should().resideInAnyPackage("org.fabriclab.generate..", "org.fabriclab.scenario..").check(DSL);
    }
}
